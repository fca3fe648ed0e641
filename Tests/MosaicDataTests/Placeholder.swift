import Testing

@Test func MosaicDataTestsBuilds() {}
