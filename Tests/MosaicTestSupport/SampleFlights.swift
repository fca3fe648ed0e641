/// One flight of `SampleFlights`.
public struct SampleFlight: Sendable, Equatable {
  /// The airline: UA, AA, DL, B6 (and one HA).
  public var carrier: String
  /// JFK, LGA or EWR.
  public var origin: String
  /// Minutes late (negative: early).
  public var arrDelay: Int
  /// The tail number; some of other airlines' hold "UA".
  public var tailnum: String
}

/// Flights for the tests of conditions, in memory and end to end: tail numbers hold "UA" for
/// other carriers too, and the largest delay is HA's, the one carrier that no `carrier = UA`
/// may count: the traps of a filter that counts the wrong records. Deterministic from a seed.
public enum SampleFlights {
  /// `count` flights, delays from -40 below `delaySpread - 40`, then HA's 1272-minute one.
  public static func make(count: Int, seed: UInt64, delaySpread: Int) -> [SampleFlight] {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var flights = (0..<count).map { _ in
      SampleFlight(
        carrier: ["UA", "AA", "DL", "B6"][next(4)], origin: ["JFK", "LGA", "EWR"][next(3)],
        arrDelay: next(delaySpread) - 40, tailnum: ["N3DUAA", "N14228", "N5\(next(99))UA"][next(3)])
    }
    flights.append(SampleFlight(carrier: "HA", origin: "JFK", arrDelay: 1272, tailnum: "N380HA"))
    return flights
  }

  /// `flights` as a CSV with the header `carrier,origin,arr_delay,tailnum`.
  public static func csv(_ flights: [SampleFlight]) -> String {
    "carrier,origin,arr_delay,tailnum\n"
      + flights.map { "\($0.carrier),\($0.origin),\($0.arrDelay),\($0.tailnum)\n" }.joined()
  }
}
