package http_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"html"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/astroapi/astroapi/engine/accuracy"
	"github.com/astroapi/astroapi/engine/accuracy/measure"
	apihttp "github.com/astroapi/astroapi/http"
)

// TestAccuracyPage: the page publishes the served tables' verification and
// the results file's comparisons, row for row and figure for figure; every
// row names a test that exists and measures it (measure.Compare); and
// every test that measures a comparison has its row. That each row's
// figures are the ones its test measures is checked by the test itself,
// on every run (measure.Compare).
func TestAccuracyPage(t *testing.T) {
	file, err := os.ReadFile(measure.RepoFile(t, accuracy.File))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := accuracy.Parse(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s has no row", accuracy.File)
	}
	data, err := apihttp.Accuracy(nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rows, data.Comparisons); d != "" {
		t.Errorf("the page's data is not the results file (-file +page):\n%s", d)
	}

	ts := startTestServer(t, withEverything(t, testOptions{}))
	page := string(ts.Get(t, "/docs/api/accuracy").WantStatus(t, 200).Body)
	if !strings.Contains(page, "<td>moon</td><td>longitude</td><td>arcsec</td><td>0.001</td>") {
		t.Error("accuracy page lacks the tables' verification")
	}
	// Read the comparisons back from the HTML: one tbody a row, one tr a
	// quantity, and compare them with the file's figures.
	_, comparisons, _ := strings.Cut(page, `<h3 id="comparisons">`)
	comparisons, _, _ = strings.Cut(comparisons, `<h3 id="tables">`)
	bodies := regexp.MustCompile(`(?s)<tbody>(.*?)</tbody>`).FindAllStringSubmatch(comparisons, -1)
	if len(bodies) != len(rows) {
		t.Fatalf("the page shows %d comparisons, the file has %d", len(bodies), len(rows))
	}
	trs, tds := regexp.MustCompile(`(?s)<tr>(.*?)</tr>`), regexp.MustCompile(`(?s)<td[^>]*>(.*?)</td>`)
	for i, c := range rows {
		lines := trs.FindAllStringSubmatch(bodies[i][1], -1)
		if len(lines) != len(c.Quantities) {
			t.Errorf("%s: %d lines on the page, %d quantities in the file", c.Test, len(lines), len(c.Quantities))
			continue
		}
		for k, q := range c.Quantities {
			var cells []string
			for _, m := range tds.FindAllStringSubmatch(lines[k][1], -1) {
				cells = append(cells, html.UnescapeString(m[1]))
			}
			if k == 0 {
				if len(cells) != 11 || cells[0] != c.What+"<br><code>"+c.Test+"</code>" || cells[1] != c.Reference || cells[2] != c.Sample {
					t.Errorf("%s: first line %q", c.Test, cells)
					continue
				}
				cells = cells[3:]
			}
			unit := q.Unit
			if q.Exact() {
				unit = "cases"
			}
			if len(cells) != 8 || cells[0] != q.Name+" ("+unit+")" || cells[1] != strconv.Itoa(q.N) {
				t.Errorf("%s %s: line %q", c.Test, q.Name, cells)
				continue
			}
			// The last cell draws the worst error against the contract.
			if chart := cells[7]; !strings.Contains(chart, `class="errchart"`) && !strings.Contains(chart, "equality") {
				t.Errorf("%s %s: no chart: %q", c.Test, q.Name, chart)
			}
			if q.Exact() {
				if cells[4] != strconv.FormatFloat(q.Worst, 'g', -1, 64)+" differ" || cells[5] != "exact" || cells[6] != "exact" {
					t.Errorf("%s %s: exact line %q", c.Test, q.Name, cells)
				}
				continue
			}
			for j, want := range []float64{q.Median, q.P99, q.Worst, q.Regression, q.Contract} {
				// Two significant digits are shown.
				if got, err := strconv.ParseFloat(cells[2+j], 64); err != nil || measure.Over(math.Abs(got-want), 0.05*math.Abs(want)) {
					t.Errorf("%s %s: figure %d is %q, the file has %g", c.Test, q.Name, j, cells[2+j], want)
				}
			}
		}
	}

	// Every row names a test function that measures (calls
	// measure.Compare), and every such function has a row.
	measuring := comparisonTests(t, measure.RepoFile(t, "."))
	for _, c := range rows {
		pkg, name, _ := strings.Cut(c.Test, ".")
		fn, _, _ := strings.Cut(name, "/")
		if !measuring[pkg+"."+fn] {
			t.Errorf("row %s: %s does not exist in %s or does not call measure.Compare", c.Test, fn, pkg)
		}
	}
	for test := range measuring {
		if !slices.ContainsFunc(rows, func(c accuracy.Comparison) bool {
			return c.Test == test || strings.HasPrefix(c.Test, test+"/")
		}) {
			t.Errorf("%s measures a comparison that %s lacks", test, accuracy.File)
		}
	}

	bare := startTestServer(t, testOptions{})
	if page := string(bare.Get(t, "/docs/api/accuracy").WantStatus(t, 200).Body); !strings.Contains(page, "without precomputed tables") {
		t.Error("a server without tables should say so")
	}
}

// comparisonTests finds, in the module's test files, the test functions
// that measure a published comparison: their body calls measure.Compare,
// or a function of their package that does (sky's newStats).
func comparisonTests(t *testing.T, root string) map[string]bool {
	t.Helper()
	type fn struct {
		pkg, name string
		calls     map[string]bool // functions called by name, "measure.Compare" included
	}
	var fns []fn
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Body == nil {
				continue
			}
			x := fn{pkg: filepath.ToSlash(rel), name: fd.Name.Name, calls: map[string]bool{}}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch c := n.(type) {
				case *ast.SelectorExpr:
					if id, ok := c.X.(*ast.Ident); ok && id.Name == "measure" && c.Sel.Name == "Compare" {
						x.calls["measure.Compare"] = true
					}
				case *ast.CallExpr:
					if id, ok := c.Fun.(*ast.Ident); ok {
						x.calls[id.Name] = true
					}
				}
				return true
			})
			fns = append(fns, x)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	starts := map[string]bool{} // pkg.func calling measure.Compare
	for _, f := range fns {
		if f.calls["measure.Compare"] {
			starts[f.pkg+"."+f.name] = true
		}
	}
	out := map[string]bool{}
	for _, f := range fns {
		if !strings.HasPrefix(f.name, "Test") {
			continue
		}
		for c := range f.calls {
			if c == "measure.Compare" || (starts[f.pkg+"."+c] && !strings.HasPrefix(c, "Test")) {
				out[f.pkg+"."+f.name] = true
			}
		}
	}
	return out
}
