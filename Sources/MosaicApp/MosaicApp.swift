import MosaicCollection
import MosaicData

/// The browser, demos and inspector (placeholder until the browser issue).
public enum MosaicApp {}
