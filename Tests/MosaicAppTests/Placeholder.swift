import Testing

@Test func MosaicAppTestsBuilds() {}
