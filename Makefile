# astroapi build. `make run` starts the service; `make test` runs every test.
# Both install what is missing first (Debian packages; needs root or sudo).

GO      ?= go
BIN     := bin/astroapi
TABLES  := data/ephemeris.bolt
export PATH := $(PATH):/usr/local/go/bin

.PHONY: all deps run-deps node-deps docs-ui build gen run test check fuzz bench load clean accuracy mutations

all: build gen

# What building and serving need (make run), and everything the tests need.
run-deps:
	bash .ci/deps run

deps:
	bash .ci/deps test

# Node tooling of the browser and OpenAPI tests (playwright-core drives
# Debian's chromium; swagger-parser validates /api/openapi.json; redocly
# lints it), of the MCP test (the MCP Inspector's CLI against a live
# server) and of the TypeScript SDK (openapi-typescript, openapi-fetch,
# tsc), which TestSDKs generates, builds and runs; and of the transit
# calendar's test (ical.js reads its iCalendar file).
node-deps: http/browsertest/node_modules/.package-lock.json http/mcptest/node_modules/.package-lock.json sdk/typescript/node_modules/.package-lock.json http/routes/transitcal/icaltest/node_modules/.package-lock.json

http/routes/transitcal/icaltest/node_modules/.package-lock.json: http/routes/transitcal/icaltest/package-lock.json
	npm ci --prefix http/routes/transitcal/icaltest --no-audit --no-fund

sdk/typescript/node_modules/.package-lock.json: sdk/typescript/package-lock.json
	npm ci --prefix sdk/typescript --no-audit --no-fund

http/browsertest/node_modules/.package-lock.json: http/browsertest/package-lock.json
	npm ci --prefix http/browsertest --no-audit --no-fund

http/mcptest/node_modules/.package-lock.json: http/mcptest/package-lock.json
	npm ci --prefix http/mcptest --no-audit --no-fund

build: docs-ui
	CGO_ENABLED=1 $(GO) build -o $(BIN) ./cmd/astroapi

# The documentation UIs (Swagger UI, Scalar) and the console's charting
# library (uPlot), pinned in http/docsui/package-lock.json, copied next to
# the assets the binary embeds (no CDN: the server works offline).
DOCS_UI := http/assets/vendor/.stamp

docs-ui: $(DOCS_UI)

$(DOCS_UI): http/docsui/package-lock.json
	npm ci --prefix http/docsui --no-audit --no-fund
	mkdir -p http/assets/vendor
	cp http/docsui/node_modules/swagger-ui-dist/swagger-ui-bundle.js http/docsui/node_modules/swagger-ui-dist/swagger-ui.css http/assets/vendor/
	cp http/docsui/node_modules/@scalar/api-reference/dist/browser/standalone.js http/assets/vendor/scalar.js
	cp http/docsui/node_modules/swagger-ui-dist/LICENSE http/assets/vendor/swagger-ui.LICENSE
	cp http/docsui/node_modules/uplot/dist/uPlot.iife.min.js http/docsui/node_modules/uplot/dist/uPlot.min.css http/assets/vendor/
	cp http/docsui/node_modules/uplot/LICENSE http/assets/vendor/uPlot.LICENSE
	touch $@

# The tables are rebuilt only when the code that fits or reads them changes
# (tests and the shared vocabulary of engine/engine.go do not), or the star
# catalog they are fitted for.
TABLE_SRC := $(filter-out %_test.go,$(wildcard gen/*.go tables/*.go engine/swe/*.go)) engine/stars/catalog.go

gen: $(TABLES)

$(TABLES): $(TABLE_SRC)
	$(MAKE) build
	$(BIN) gen --out $(TABLES)

run: run-deps all
	$(BIN) serve

# gofmt, vet, staticcheck and deadcode (pinned in go.mod as tools).
check:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	@out=$$($(GO) tool deadcode -test ./...); test -z "$$out" || { echo "$$out"; echo "dead code: delete it or use it"; exit 1; }

# The store and platform suites also run on PostgreSQL: a local server is
# installed and started unless ASTROAPI_TEST_POSTGRES already names one.
test: deps node-deps all check
	@if [ -z "$${ASTROAPI_TEST_POSTGRES:-}" ]; then eval "$$(bash .ci/postgres)"; fi; \
	export ASTROAPI_TEST_POSTGRES; \
	$(GO) test -race -count=1 -timeout 30m ./...
	$(MAKE) fuzz

# Re-record the accuracy page's figures (engine/accuracy/results.json):
# every comparison test writes what it measured instead of checking it.
# Review the diff (a larger error is a regression to explain) and commit it.
accuracy: deps node-deps all
	@if [ -z "$${ASTROAPI_TEST_POSTGRES:-}" ]; then eval "$$(bash .ci/postgres)"; fi; \
	export ASTROAPI_TEST_POSTGRES; \
	ASTROAPI_RECORD_ACCURACY=1 CI=true $(GO) test -count=1 -timeout 30m ./...

# The mutation check of the reference tests (bench/mutations.sh): errors
# put into the product one at a time, each of which a test must notice.
mutations: all
	bash bench/mutations.sh

# A short run of each fuzz target of the request decoders and the header
# parsing (their corpora are committed under testdata/fuzz). The budget is a
# count of executions and only a written reproducer fails (.ci/fuzz says why).
FUZZTIME ?= 20000x
fuzz:
	FUZZTIME=$(FUZZTIME) bash .ci/fuzz ./http/op FuzzScanner
	FUZZTIME=$(FUZZTIME) bash .ci/fuzz ./http/op FuzzDecode
	FUZZTIME=$(FUZZTIME) bash .ci/fuzz ./http/op FuzzDecodeAgrees
	FUZZTIME=$(FUZZTIME) bash .ci/fuzz ./http FuzzHeaders
	FUZZTIME=$(FUZZTIME) bash .ci/fuzz ./http/routes/natal FuzzNatalBody

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Load test over loopback (wrk): canned body vs natal vs batch, bench/RESULTS.md.
load: all
	bash bench/run.sh

clean:
	rm -rf bin $(TABLES)
