// A light HTTP load generator for the service benchmarks: `count` POSTs at `concurrency` clients
// (keep-alive connections, one per client), each answer checked and read in full, latencies
// printed as JSON. Written in Go (standard library only) so that the client costs the machine as
// little CPU as possible: on 2 shared cores a Node client (undici's fetch) spent more CPU per
// request than the service it measured. bench/documents.mjs builds and runs it:
//
//	go build -o /tmp/http-load bench/http-load.go
//	/tmp/http-load -url 'http://127.0.0.1:3192/api/candidates/{code}/download/hall-ticket' \
//	  -codes KBE1,KBE2 -body '{"motherName":"Meena Patil"}' -n 400 -c 4 \
//	  -expect-header x-document-cache=hit -expect-prefix %PDF
//
// Output (one JSON line): {"latenciesMs":[...],"seconds":1.2,"cpuSeconds":0.1}: the wall time of
// the requests and the CPU this process used meanwhile. The first request of each client opens its
// connection; a warm-up is another run before.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

type options struct {
	url, body, contentType, expectPrefix string
	expectHeader                         [2]string
	codes                                []string
	count, concurrency                   int
}

type result struct {
	LatenciesMs []float64 `json:"latenciesMs"`
	Seconds     float64   `json:"seconds"`
	CPUSeconds  float64   `json:"cpuSeconds"`
}

func main() {
	o, err := parseOptions()
	if err != nil {
		fail(err)
	}
	client := &http.Client{
		Timeout: 30 * time.Second,
		Transport: &http.Transport{
			MaxIdleConnsPerHost: o.concurrency, // the default (2) would close and reopen connections
			MaxConnsPerHost:     o.concurrency,
			DisableCompression:  true,
			ForceAttemptHTTP2:   false,
		},
	}
	cpuBefore := cpuSeconds()
	started := time.Now()
	latencies, err := run(client, o, o.count)
	if err != nil {
		fail(err)
	}
	out := result{LatenciesMs: latencies, Seconds: time.Since(started).Seconds(), CPUSeconds: cpuSeconds() - cpuBefore}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fail(err)
	}
}

// run sends `count` requests from `concurrency` workers that take the next index until none is left.
func run(client *http.Client, o options, count int) ([]float64, error) {
	latencies := make([]float64, count)
	var next atomic.Int64
	var firstError atomic.Value
	var wg sync.WaitGroup
	for w := 0; w < o.concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buffer bytes.Buffer
			for {
				i := int(next.Add(1) - 1)
				if i >= count || firstError.Load() != nil {
					return
				}
				t0 := time.Now()
				if err := request(client, o, o.codes[i%len(o.codes)], &buffer); err != nil {
					firstError.CompareAndSwap(nil, err)
					return
				}
				latencies[i] = float64(time.Since(t0).Microseconds()) / 1000
			}
		}()
	}
	wg.Wait()
	if err, ok := firstError.Load().(error); ok {
		return nil, err
	}
	return latencies, nil
}

// request sends one POST and reads the whole answer, which must be a 200 with the expected start and header.
func request(client *http.Client, o options, code string, buffer *bytes.Buffer) error {
	url := strings.ReplaceAll(o.url, "{code}", code)
	res, err := client.Post(url, o.contentType, strings.NewReader(o.body))
	if err != nil {
		return err
	}
	defer res.Body.Close()
	buffer.Reset()
	if _, err := io.Copy(buffer, res.Body); err != nil {
		return fmt.Errorf("%s: reading the answer: %w", url, err)
	}
	if res.StatusCode != http.StatusOK || !bytes.HasPrefix(buffer.Bytes(), []byte(o.expectPrefix)) {
		return fmt.Errorf("%s: %d %.200s", url, res.StatusCode, buffer.Bytes())
	}
	if name := o.expectHeader[0]; name != "" && res.Header.Get(name) != o.expectHeader[1] {
		return fmt.Errorf("%s: %s %q, expected %q", url, name, res.Header.Get(name), o.expectHeader[1])
	}
	return nil
}

func parseOptions() (options, error) {
	var o options
	var codes, header string
	flag.StringVar(&o.url, "url", "", "URL; {code} is replaced by each code in turn")
	flag.StringVar(&codes, "codes", "x", "comma-separated values for {code}, cycled")
	flag.StringVar(&o.body, "body", "{}", "request body")
	flag.StringVar(&o.contentType, "content-type", "application/json", "request Content-Type")
	flag.StringVar(&o.expectPrefix, "expect-prefix", "", "every answer body starts with this")
	flag.StringVar(&header, "expect-header", "", "name=value every answer carries")
	flag.IntVar(&o.count, "n", 400, "measured requests")
	flag.IntVar(&o.concurrency, "c", 4, "clients (one connection each)")
	flag.Parse()
	o.codes = strings.Split(codes, ",")
	if header != "" {
		name, value, found := strings.Cut(header, "=")
		if !found {
			return o, fmt.Errorf("-expect-header must be name=value")
		}
		o.expectHeader = [2]string{name, value}
	}
	if o.url == "" || o.count < 1 || o.concurrency < 1 {
		return o, fmt.Errorf("-url, -n >= 1 and -c >= 1 are needed")
	}
	return o, nil
}

// cpuSeconds is the user and system CPU time this process has used.
func cpuSeconds() float64 {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		return 0
	}
	seconds := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return seconds(usage.Utime) + seconds(usage.Stime)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "http-load:", err)
	os.Exit(1)
}
