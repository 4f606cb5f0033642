package bolt_test

import "time"

var storetestT0 = time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)
