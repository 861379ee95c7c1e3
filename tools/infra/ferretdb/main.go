// Command kbe-ferretdb runs FerretDB (MongoDB wire protocol) embedded as a library with its
// SQLite backend, for local development and integration tests. It listens until SIGTERM/SIGINT.
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
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("sqlite-dir", "", "directory of the SQLite databases (created if missing)")
	level := flag.String("log-level", "info", "log level: debug, info, warn, error")
	flag.Parse()

	if *dir == "" {
		fmt.Fprintln(os.Stderr, "kbe-ferretdb: -sqlite-dir is required")
		os.Exit(2)
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "kbe-ferretdb: cannot create %s: %v\n", *dir, err)
		os.Exit(1)
	}

	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		fmt.Fprintf(os.Stderr, "kbe-ferretdb: bad -log-level %q\n", *level)
		os.Exit(2)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))

	// The SQLite URL must name a directory and end with a slash.
	url := "file:" + strings.TrimSuffix(*dir, "/") + "/"

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: url,
	})
	if err != nil {
		logger.Error("cannot start FerretDB", "error", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	// Printed whatever the log level, so the log file always shows starts and stops.
	fmt.Fprintf(os.Stderr, "kbe-ferretdb: listening on %s, SQLite %s\n", *listen, url)
	if err := f.Run(ctx); err != nil {
		fmt.Fprintf(os.Stderr, "kbe-ferretdb: stopped with an error: %v\n", err)
		os.Exit(1)
	}
	fmt.Fprintln(os.Stderr, "kbe-ferretdb: stopped")
}
