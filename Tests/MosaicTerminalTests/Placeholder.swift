import Testing

@Test func MosaicTerminalTestsBuilds() {}
