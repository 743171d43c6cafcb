CREATE TABLE "project_donors" (
	"project_id" bigint NOT NULL,
	"donor_type" text NOT NULL,
	"donor_id" bigint NOT NULL,
	"counted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_donors_project_id_donor_type_donor_id_pk" PRIMARY KEY("project_id","donor_type","donor_id")
);
--> statement-breakpoint
CREATE TABLE "project_progress" (
	"project_id" bigint NOT NULL,
	"slot" integer NOT NULL,
	"funds_raised" bigint DEFAULT 0 NOT NULL,
	"donors_count" integer DEFAULT 0 NOT NULL,
	"volunteering_pledged" integer DEFAULT 0 NOT NULL,
	"skilled_pledged" integer DEFAULT 0 NOT NULL,
	"gifts_pledged" integer DEFAULT 0 NOT NULL,
	"hours_confirmed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_progress_project_id_slot_pk" PRIMARY KEY("project_id","slot")
);
--> statement-breakpoint
ALTER TABLE "project_donors" ADD CONSTRAINT "project_donors_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_progress" ADD CONSTRAINT "project_progress_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The donors each project already counts: their donations at 30, 80 or 85.
INSERT INTO "project_donors" ("project_id", "donor_type", "donor_id", "counted")
SELECT "project_id", "donor_type", "donor_id", count(*)
FROM "donations"
WHERE "project_id" IS NOT NULL AND "status" IN (30, 80, 85)
GROUP BY "project_id", "donor_type", "donor_id";
--> statement-breakpoint
-- One balanced movement of the ledger, written in one call (docs/product/money.md#the-ledger): the
-- accounts not there yet are made, all of them are locked in id order (concurrent movements over
-- the same accounts queue instead of deadlocking), a balance that would fall below zero refuses
-- the movement with SQLSTATE KL001 (its detail names the account's kind); with a project, a gift's
-- movement is refused with KL002 unless that project is still live, read after the accounts are
-- locked (a project's completion or cancellation locks its funds account before it settles, so a
-- gift that read the project live earlier cannot land after it); then the transaction, its entries
-- (in the order given) and the balances are written. Answers the transaction's id.
CREATE FUNCTION ledger_post(
  p_currency text,
  p_at timestamptz,
  p_kind text,
  p_description text,
  p_created_by bigint,
  p_reference jsonb,
  p_donation_id bigint,
  p_owner_types text[],
  p_owner_ids bigint[],
  p_kinds text[],
  p_amounts bigint[],
  p_live_project bigint
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_transaction bigint;
  v_account record;
BEGIN
  INSERT INTO ledger_accounts (owner_type, owner_id, kind, currency, allow_negative, created_at)
  SELECT DISTINCT u.t, u.o, u.k, p_currency, u.t = 'platform', p_at
  FROM unnest(p_owner_types, p_owner_ids, p_kinds) AS u(t, o, k)
  WHERE NOT EXISTS (
    SELECT 1 FROM ledger_accounts a
    WHERE a.owner_type = u.t AND a.owner_id = u.o AND a.kind = u.k AND a.currency = p_currency
  )
  ON CONFLICT DO NOTHING;

  FOR v_account IN
    SELECT a.kind, a.balance, a.allow_negative, d.delta
    FROM ledger_accounts a
    JOIN (
      SELECT u.t, u.o, u.k, sum(u.amount) AS delta
      FROM unnest(p_owner_types, p_owner_ids, p_kinds, p_amounts) AS u(t, o, k, amount)
      GROUP BY u.t, u.o, u.k
    ) d ON a.owner_type = d.t AND a.owner_id = d.o AND a.kind = d.k AND a.currency = p_currency
    ORDER BY a.id
    FOR UPDATE OF a
  LOOP
    IF NOT v_account.allow_negative AND v_account.balance + v_account.delta < 0 THEN
      RAISE EXCEPTION 'not enough in the % account', v_account.kind
        USING ERRCODE = 'KL001', DETAIL = v_account.kind;
    END IF;
  END LOOP;

  IF p_live_project IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM projects WHERE id = p_live_project AND status = 2) THEN
    RAISE EXCEPTION 'project % is not live', p_live_project USING ERRCODE = 'KL002';
  END IF;

  INSERT INTO ledger_transactions (kind, description, currency, created_by, reference, donation_id, created_at)
  VALUES (p_kind, p_description, p_currency, p_created_by, p_reference, p_donation_id, p_at)
  RETURNING id INTO v_transaction;

  INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
  SELECT v_transaction, a.id, u.amount, p_at
  FROM unnest(p_owner_types, p_owner_ids, p_kinds, p_amounts) WITH ORDINALITY AS u(t, o, k, amount, n)
  JOIN ledger_accounts a
    ON a.owner_type = u.t AND a.owner_id = u.o AND a.kind = u.k AND a.currency = p_currency
  ORDER BY u.n;

  UPDATE ledger_accounts a SET balance = a.balance + d.delta
  FROM (
    SELECT u.t, u.o, u.k, sum(u.amount) AS delta
    FROM unnest(p_owner_types, p_owner_ids, p_kinds, p_amounts) AS u(t, o, k, amount)
    GROUP BY u.t, u.o, u.k
  ) d
  WHERE a.owner_type = d.t AND a.owner_id = d.o AND a.kind = d.k AND a.currency = p_currency
    AND d.delta <> 0;

  RETURN v_transaction;
END;
$$;
