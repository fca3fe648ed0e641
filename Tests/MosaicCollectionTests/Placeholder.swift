import Testing

@Test func MosaicCollectionTestsBuilds() {}
