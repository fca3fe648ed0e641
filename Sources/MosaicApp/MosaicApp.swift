import MosaicCollection
import MosaicData

/// The applications built on the toolkit: the grid browser (`BrowserScene`), the demos and the
/// layout inspector.
public enum MosaicApp {}
