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
)

// runKeys administers accounts and keys directly in the store (the server
// may be running: bbolt allows one process at a time, so stop it first for
// a bbolt file; PostgreSQL needs no such care).
func runKeys(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	sub := args[0]
	fs := flag.NewFlagSet("keys "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	storeURL := fs.String("store", envOr("ASTROAPI_STORE", "data/astroapi.db"), "bbolt file path or postgres:// URL (ASTROAPI_STORE)")
	var email, plan, id *string
	switch sub {
	case "create":
		email = fs.String("email", "", "account e-mail (required); a new account is created unless it exists")
		plan = fs.String("plan", quota.Free, "plan of a new account: free, starter, pro, business or one from the plans file")
	case "list":
		email = fs.String("email", "", "only the keys of this account")
	case "rotate", "revoke":
		id = fs.String("id", "", "key id (required; see keys list)")
	default:
		fmt.Fprintf(stderr, "unknown keys command %q\n%s", sub, usage)
		return errUsage
	}
	if err := fs.Parse(args[1:]); err != nil {
		return errUsage
	}
	st, err := store.Open(*storeURL)
	if err != nil {
		return err
	}
	defer st.Close()
	now := time.Now().UTC() // the administration tool's clock is the wall clock
	switch sub {
	case "create":
		if *email == "" {
			return fmt.Errorf("keys create: --email is required")
		}
		plans, err := quota.LoadPlans(os.Getenv("ASTROAPI_PLANS_FILE"), os.Getenv("ASTROAPI_PLANS"))
		if err != nil {
			return err
		}
		if _, ok := plans[*plan]; !ok {
			return fmt.Errorf("keys create: unknown plan %q (plans: %v)", *plan, plans.Names())
		}
		a, err := st.AccountByEmail(ctx, *email)
		switch {
		case errors.Is(err, store.ErrNotFound):
			var secret string
			if a, secret, err = createAccount(ctx, st, *email, *plan); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "account %s (%s) created on plan %s\n", a.ID, a.Email, a.Plan)
			fmt.Fprintln(stdout, secret)
			return nil
		case err != nil:
			return err
		}
		if a.Plan != *plan {
			if err := st.SetPlan(ctx, a.ID, *plan); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "account %s plan changed from %s to %s\n", a.ID, a.Plan, *plan)
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
		if *email != "" {
			a, err := st.AccountByEmail(ctx, *email)
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
		if *id == "" {
			return fmt.Errorf("keys rotate: --id is required")
		}
		old, err := st.KeyByID(ctx, *id)
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
		if *id == "" {
			return fmt.Errorf("keys revoke: --id is required")
		}
		if err := st.RevokeKey(ctx, *id, now); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "key %s revoked\n", *id)
		return nil
	}
	return nil
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
