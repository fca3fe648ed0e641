import ArgumentParser
import MosaicApp

/// The card arrangements `mosaic browse --layout` offers.
extension BrowserLayoutStyle: ExpressibleByArgument {}
