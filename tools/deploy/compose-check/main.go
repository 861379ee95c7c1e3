// kbe-compose-check: validates compose files with compose-go, the library Docker Compose itself
// loads them with (the Compose Specification JSON schema, then the model: references between
// services, volumes, depends_on, interpolation). Prints the normalised model as JSON on success.
// Usage: kbe-compose-check <compose.yaml>   (variables from the environment, like docker compose)
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: kbe-compose-check <compose.yaml>")
		os.Exit(2)
	}
	file, err := filepath.Abs(os.Args[1])
	if err != nil {
		fail(err)
	}
	options, err := cli.NewProjectOptions(
		[]string{file},
		cli.WithOsEnv,
		cli.WithWorkingDirectory(filepath.Dir(file)),
		cli.WithConsistency(true),
		cli.WithResolvedPaths(false),
	)
	if err != nil {
		fail(err)
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		fail(err)
	}
	out, err := json.MarshalIndent(project, "", "  ")
	if err != nil {
		fail(err)
	}
	fmt.Println(string(out))
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "invalid compose file: %v\n", err)
	os.Exit(1)
}
