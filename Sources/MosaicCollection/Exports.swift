// A program that uses the collection view needs the geometry and layouts too, as a UIKit
// program gets CGRect and UICollectionViewFlowLayout from one import.
@_exported import MosaicLayout

// Items are addressed with Foundation's IndexPath, as in UIKit.
@_exported import struct Foundation.IndexPath
