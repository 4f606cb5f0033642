// This directory holds npm packages, not Go code: as a module of its own
// it keeps node_modules (some ship Go files) out of ./... in the main one.
module nodepackages
