package tables

import "syscall"

// mmapFlags makes the kernel map every page of the file at Open
// (MAP_POPULATE): a lookup then never takes a page fault, which otherwise
// cost the first charts touching each 4 KB of coefficients a microsecond
// or more (235 MB, ~60,000 pages, populated in tens of milliseconds from
// the page cache).
const mmapFlags = syscall.MAP_POPULATE
