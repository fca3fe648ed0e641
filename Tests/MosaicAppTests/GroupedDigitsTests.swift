import Testing

@testable import MosaicApp

/// Counts as people read them: digits in groups of three, a comma between.
@Suite struct GroupedDigitsTests {
  @Test func digitsGoInGroupsOfThree() {
    #expect(0.groupedDigits() == "0")
    #expect(7.groupedDigits() == "7")
    #expect(999.groupedDigits() == "999")
    #expect(1000.groupedDigits() == "1,000")
    #expect(12345.groupedDigits() == "12,345")
    #expect(1_000_000.groupedDigits() == "1,000,000")
    #expect((-1234567).groupedDigits() == "-1,234,567")
    #expect((-12).groupedDigits() == "-12")
    #expect(Int.min.groupedDigits() == "-9,223,372,036,854,775,808")
  }

  @Test func anySeparatorGroupsTheSame() {
    #expect(1_000_000.groupedDigits(separator: "'") == "1'000'000")
    #expect(1_000_000.groupedDigits(separator: "\u{202F}") == "1\u{202F}000\u{202F}000")
    #expect((-1000).groupedDigits(separator: "\u{202F}") == "-1\u{202F}000")
  }
}
