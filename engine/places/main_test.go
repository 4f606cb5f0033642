package places

// testIndexPath is the committed index, relative to this package.
const testIndexPath = "../../data/places.tsv.zst"
