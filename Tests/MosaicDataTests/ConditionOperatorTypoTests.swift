import MosaicData
import Testing

/// A field followed by operator characters that make no operator is a mistyped expression,
/// reported where the operator is, not plain text searched for in every field.
@Suite struct ConditionOperatorTypoTests {
  @Test(arguments: [
    ("arr_delay >> 60", "unexpected '>>' at 11"),
    ("arr_delay => 60", "unexpected '=>' at 11"),
    ("carrier =! 'UA'", "unexpected '=!' at 9"),
  ])
  func aMistypedOperatorIsAnError(text: String, message: String) {
    let parser = ConditionParser(fieldNames: ["arr_delay", "carrier"])
    #expect(throws: ConditionSyntaxError.self) { try parser.parse(text) }
    do {
      _ = try parser.parse(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func textWithoutAFieldFirstIsStillPlainText() throws {
    let parser = ConditionParser(fieldNames: ["arr_delay"])
    let condition = try parser.parse("=> see")
    #expect(condition == .test(FieldTest(field: nil, .contains("=> see"))))
  }
}
