// Command kbe-ferretdb runs FerretDB (MongoDB wire protocol) embedded as a library over its
// PostgreSQL backend, for local development and integration tests. It listens until SIGTERM/SIGINT.
//
// The upstream cmd/ferretdb binary cannot be used from the module proxy (its build/version
// files are generated and missing from the module download, so it panics at start), hence
// this wrapper around the embeddable github.com/FerretDB/FerretDB/ferretdb package.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	_ "net/http/pprof" // goroutine dumps on -debug-addr: open cursors, waits for a PostgreSQL connection
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	postgresURL := flag.String("postgresql-url", "", "pgx URL of the PostgreSQL database FerretDB stores everything in")
	level := flag.String("log-level", "info", "log level: debug, info, warn, error")
	debugAddr := flag.String("debug-addr", "", "loopback address for Go's /debug/pprof (off when empty)")
	flag.Parse()

	if *debugAddr != "" {
		go func() {
			if err := http.ListenAndServe(*debugAddr, nil); err != nil {
				fmt.Fprintf(os.Stderr, "kbe-ferretdb: debug listener: %v\n", err)
			}
		}()
	}

	if *postgresURL == "" {
		fmt.Fprintln(os.Stderr, "kbe-ferretdb: -postgresql-url is required")
		os.Exit(2)
	}

	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		fmt.Fprintf(os.Stderr, "kbe-ferretdb: bad -log-level %q\n", *level)
		os.Exit(2)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:      ferretdb.ListenerConfig{TCP: *listen},
		Logger:        logger,
		Handler:       "postgresql",
		PostgreSQLURL: *postgresURL,
	})
	if err != nil {
		logger.Error("cannot start FerretDB", "error", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	// Printed whatever the log level, so the log file always shows starts and stops.
	fmt.Fprintf(os.Stderr, "kbe-ferretdb: listening on %s, PostgreSQL %s\n", *listen, *postgresURL)
	if err := f.Run(ctx); err != nil {
		fmt.Fprintf(os.Stderr, "kbe-ferretdb: stopped with an error: %v\n", err)
		os.Exit(1)
	}
	fmt.Fprintln(os.Stderr, "kbe-ferretdb: stopped")
}
