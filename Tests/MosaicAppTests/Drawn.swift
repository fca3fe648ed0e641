import MosaicCollection

/// The demo drawn on an 80 × 24 in-memory screen, then again after `keys`.
@MainActor func drawn<Demo: Scene>(_ demo: Demo, after keys: [Key] = []) -> MemorySurface {
  let surface = MemorySurface(columns: 80, rows: 24)
  demo.draw(into: surface)
  for key in keys { _ = demo.handle(.key(key)) }
  demo.draw(into: surface)
  return surface
}
