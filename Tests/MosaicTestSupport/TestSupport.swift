import MosaicCollection
import MosaicLayout

/// Shared helpers for Mosaic's test targets.
public enum TestSupport {}
