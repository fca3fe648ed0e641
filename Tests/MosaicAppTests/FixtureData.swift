/// Small data files for the browser tests.
enum FixtureData {
  /// Countries in three regions, with "lan" in four names.
  static let countries = """
    name,region,capital
    Japan,Asia,Tokyo
    Thailand,Asia,Bangkok
    Finland,Europe,Helsinki
    Ireland,Europe,Dublin
    France,Europe,Paris
    New Zealand,Oceania,Wellington
    Fiji,Oceania,Suva

    """
}

/// A generated CSV of numbered rows.
enum FixtureRows {
  /// `count` rows `name,n,word` named "r0", "r1", ….
  static func text(_ count: Int) -> String { BrowserFixture.rows(count) }
}
