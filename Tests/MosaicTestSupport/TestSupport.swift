import MosaicCollection
import MosaicLayout
// Tests reach the pseudo-terminal through `import MosaicTestSupport`; it lives in a target of
// its own only so the benchmarks can use it without the test helpers.
@_exported import MosaicPseudoTerminal

/// Shared helpers for Mosaic's test targets.
public enum TestSupport {}
