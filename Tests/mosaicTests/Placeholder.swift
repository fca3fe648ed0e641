import Testing

@Test func mosaicTestsBuilds() {}
