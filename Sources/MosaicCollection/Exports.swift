// Items are addressed with Foundation's IndexPath, as in UIKit. The geometry and the layouts
// are not re-exported: a client imports MosaicLayout where it names them (see DECISIONS.md).
@_exported import struct Foundation.IndexPath
