package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"text/tabwriter"
	"time"

	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
	"github.com/astroapi/astroapi/store/bolt"
)

// keysCommand is one parsed keys subcommand. It runs on the store itself,
// or, when a running server holds the bbolt file, inside that server (sent
// as JSON over its administration socket, see admin.go).
type keysCommand struct {
	Sub   string `json:"sub"`
	Store string `json:"-"`
	Email string `json:"email,omitempty"`
	Plan  string `json:"plan,omitempty"`
	ID    string `json:"id,omitempty"`
}

// runKeys administers accounts and keys. A bbolt file admits one process
// at a time: while a server has it open, the command is run by that server
// through its administration socket. PostgreSQL needs no such care.
func runKeys(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmd, err := parseKeys(args, stderr)
	if err != nil {
		return err
	}
	if store.Kind(cmd.Store) == "bolt" {
		// A running server holds the file: ask it at once rather than
		// wait out bbolt's lock timeout. A stale socket refuses the
		// connection and the file is opened as usual.
		if conn, err := dialAdmin(ctx, cmd.Store); err == nil {
			return cmd.viaServer(conn, stdout)
		}
	}
	st, err := store.Open(cmd.Store)
	if errors.Is(err, bolt.ErrLocked) {
		conn, derr := dialAdmin(ctx, cmd.Store)
		if derr != nil {
			return fmt.Errorf("bolt store %s is in use by another process, and no astroapi server answers on %s (%v): stop that process, or run serve, which takes keys commands while it runs",
				cmd.Store, adminSocket(cmd.Store), derr)
		}
		return cmd.viaServer(conn, stdout)
	}
	if err != nil {
		return err
	}
	defer st.Close()
	var plans quota.Plans
	if cmd.Sub == "create" {
		if plans, err = quota.LoadPlans(os.Getenv("ASTROAPI_PLANS_FILE"), os.Getenv("ASTROAPI_PLANS")); err != nil {
			return err
		}
	}
	return cmd.run(ctx, st, plans, stdout)
}

// parseKeys reads a keys subcommand and its flags, and checks the
// required ones.
func parseKeys(args []string, stderr io.Writer) (keysCommand, error) {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return keysCommand{}, errUsage
	}
	cmd := keysCommand{Sub: args[0]}
	fs := flag.NewFlagSet("keys "+cmd.Sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cmd.Store, "store", envOr("ASTROAPI_STORE", "data/astroapi.db"), "bbolt file path or postgres:// URL (ASTROAPI_STORE)")
	switch cmd.Sub {
	case "create":
		fs.StringVar(&cmd.Email, "email", "", "account e-mail (required); a new account is created unless it exists")
		fs.StringVar(&cmd.Plan, "plan", quota.Free, "plan of a new account: free, starter, pro, business or one from the plans file")
	case "list":
		fs.StringVar(&cmd.Email, "email", "", "only the keys of this account")
	case "rotate", "revoke":
		fs.StringVar(&cmd.ID, "id", "", "key id (required; see keys list)")
	default:
		fmt.Fprintf(stderr, "unknown keys command %q\n%s", cmd.Sub, usage)
		return cmd, errUsage
	}
	if err := fs.Parse(args[1:]); err != nil {
		return cmd, errUsage
	}
	switch {
	case cmd.Sub == "create" && cmd.Email == "":
		return cmd, fmt.Errorf("keys create: --email is required")
	case (cmd.Sub == "rotate" || cmd.Sub == "revoke") && cmd.ID == "":
		return cmd, fmt.Errorf("keys %s: --id is required", cmd.Sub)
	}
	return cmd, nil
}

// run carries out the command on st; plans are the configured plans, which
// a new account's plan must be one of.
func (cmd keysCommand) run(ctx context.Context, st store.Store, plans quota.Plans, stdout io.Writer) error {
	now := time.Now().UTC() // the administration tool's clock is the wall clock
	switch cmd.Sub {
	case "create":
		if _, ok := plans[cmd.Plan]; !ok {
			return fmt.Errorf("keys create: unknown plan %q (plans: %v)", cmd.Plan, plans.Names())
		}
		a, err := st.AccountByEmail(ctx, cmd.Email)
		switch {
		case errors.Is(err, store.ErrNotFound):
			var secret string
			if a, secret, err = createAccount(ctx, st, cmd.Email, cmd.Plan); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "account %s (%s) created on plan %s\n", a.ID, a.Email, a.Plan)
			fmt.Fprintln(stdout, secret)
			return nil
		case err != nil:
			return err
		}
		if a.Plan != cmd.Plan {
			if err := st.SetPlan(ctx, a.ID, cmd.Plan); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "account %s plan changed from %s to %s\n", a.ID, a.Plan, cmd.Plan)
		}
		k, secret, err := store.NewKey(a.ID, now)
		if err != nil {
			return err
		}
		if err := st.CreateKey(ctx, k); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "key %s added to account %s (%s)\n", k.ID, a.ID, a.Email)
		fmt.Fprintln(stdout, secret)
		return nil
	case "list":
		accountID := ""
		if cmd.Email != "" {
			a, err := st.AccountByEmail(ctx, cmd.Email)
			if err != nil {
				return err
			}
			accountID = a.ID
		}
		accounts := map[string]store.Account{}
		as, err := st.Accounts(ctx)
		if err != nil {
			return err
		}
		for _, a := range as {
			accounts[a.ID] = a
		}
		ks, err := st.Keys(ctx, accountID)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "KEY ID\tKEY\tSTATUS\tCREATED\tACCOUNT\tEMAIL\tPLAN")
		for _, k := range ks {
			a := accounts[k.AccountID]
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.Masked(), k.Status, k.Created.Format(time.RFC3339), k.AccountID, a.Email, a.Plan)
		}
		return tw.Flush()
	case "rotate":
		old, err := st.KeyByID(ctx, cmd.ID)
		if err != nil {
			return err
		}
		next, secret, err := store.NewKey(old.AccountID, now)
		if err != nil {
			return err
		}
		if err := st.RotateKey(ctx, old.ID, next); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "key %s revoked; replacement %s\n", old.ID, next.ID)
		fmt.Fprintln(stdout, secret)
		return nil
	case "revoke":
		if err := st.RevokeKey(ctx, cmd.ID, now); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "key %s revoked\n", cmd.ID)
		return nil
	}
	return fmt.Errorf("unknown keys command %q", cmd.Sub)
}

// createAccount makes an account and its first key; it returns the secret.
func createAccount(ctx context.Context, st store.Store, email, plan string) (store.Account, string, error) {
	now := time.Now().UTC()
	a, err := store.NewAccount(email, plan, now)
	if err != nil {
		return a, "", err
	}
	if err := st.CreateAccount(ctx, a); err != nil {
		return a, "", err
	}
	k, secret, err := store.NewKey(a.ID, now)
	if err != nil {
		return a, "", err
	}
	if err := st.CreateKey(ctx, k); err != nil {
		return a, "", err
	}
	return a, secret, nil
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
