/// One record as the simulated server of `mosaic demo remote` sends it: made up from its
/// number, so any of a hundred thousand can be asked for without storing any.
public struct RemoteRecord: Sendable, Equatable {
  /// The record's number, its item in the collection view.
  public let number: Int
  /// "Customer 1,234".
  public let name: String
  /// The city the customer lives in.
  public let city: String
  /// The balance in whole units.
  public let balance: Int

  private static let cities = [
    "Lisbon", "Oslo", "Nairobi", "Kyoto", "Lima", "Tallinn", "Perth", "Quebec", "Izmir", "Cusco",
    "Dakar", "Bergen",
  ]

  /// The record numbered `number`, the same every time it is asked for.
  public init(number: Int) {
    self.number = number
    name = "Customer \(number.groupedDigits())"
    city = Self.cities[number % Self.cities.count]
    balance = Int(UInt(truncatingIfNeeded: number) &* 7_919 % 100_000)
  }

  /// How long the simulated network takes to answer for `number`, in seconds: from 0.15 to
  /// 0.4, scattered over the records but the same for each every time (a test can tell when
  /// each answer arrives).
  public static func latency(of number: Int) -> Double {
    0.15 + Double(UInt(truncatingIfNeeded: number) &* 2_654_435_761 % 251) / 1000
  }
}
