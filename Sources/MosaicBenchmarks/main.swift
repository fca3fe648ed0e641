import MosaicLayout

print("mosaic-bench: no benchmarks yet")
