-- A person's gift from their wallet or credits in one database call (docs/decisions/054-a-gift-in-one-call.md).
-- The API reads the gift's project and charity, checks them and builds every row of the gift
-- (its id and receipt number were taken by that read); `gift_write` then writes them all in one
-- statement, its own transaction. The pieces it shares with the other ways a gift or change is
-- written are functions of their own, which those ways call too: an event with its outbox row, a
-- queued notice with its delivery's deferral, a donation counted into its project's progress.

-- An event and, when someone listens, its outbox row naming the listeners (docs/product/events.md).
CREATE FUNCTION event_record(p_id uuid, p_type text, p_data jsonb, p_at timestamptz, p_listeners text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (id, type, data, created_at) VALUES (p_id, p_type, p_data, p_at);
  IF cardinality(p_listeners) > 0 THEN
    INSERT INTO event_outbox (event_id, listeners) VALUES (p_id, p_listeners);
  END IF;
END;
$$;
--> statement-breakpoint
-- A notice queued for delivery, with the outbox row that wakes its deliverer after the commit.
CREATE FUNCTION notice_queue(
  p_to text, p_subject text, p_text text, p_headers jsonb, p_at timestamptz, p_deliver_task text
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO queued_notices (to_address, subject, text, headers, created_at, next_attempt_at)
  VALUES (p_to, p_subject, p_text, p_headers, p_at, p_at);
  INSERT INTO event_outbox (task) VALUES (p_deliver_task);
END;
$$;
--> statement-breakpoint
-- A donation counted into (p_counted 1) or out of (-1) its project's progress, in the slot of the
-- connection that writes it; the donors count moves on a donor's first counted donation and their
-- last (docs/product/projects-and-charities.md#where-the-progress-is-kept).
CREATE FUNCTION project_count_donor(
  p_project bigint, p_funds bigint, p_volunteering integer, p_skilled integer, p_gifts integer,
  p_confirmed integer, p_donor_type text, p_donor_id bigint, p_counted integer
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH donor AS (
    INSERT INTO project_donors AS d (project_id, donor_type, donor_id, counted)
    VALUES (p_project, p_donor_type, p_donor_id, p_counted)
    ON CONFLICT (project_id, donor_type, donor_id) DO UPDATE SET counted = d.counted + excluded.counted
    RETURNING d.counted
  )
  INSERT INTO project_progress AS p (project_id, slot, funds_raised, donors_count, volunteering_pledged,
    skilled_pledged, gifts_pledged, hours_confirmed)
  SELECT p_project, pg_backend_pid(), p_funds,
    CASE WHEN p_counted > 0 AND donor.counted = 1 THEN 1 WHEN p_counted < 0 AND donor.counted = 0 THEN -1 ELSE 0 END,
    p_volunteering, p_skilled, p_gifts, p_confirmed
  FROM donor
  ON CONFLICT (project_id, slot) DO UPDATE SET
    funds_raised = p.funds_raised + excluded.funds_raised,
    donors_count = p.donors_count + excluded.donors_count,
    volunteering_pledged = p.volunteering_pledged + excluded.volunteering_pledged,
    skilled_pledged = p.skilled_pledged + excluded.skilled_pledged,
    gifts_pledged = p.gifts_pledged + excluded.gifts_pledged,
    hours_confirmed = p.hours_confirmed + excluded.hours_confirmed;
END;
$$;
--> statement-breakpoint
-- A gift approved at once, written whole: its Idempotency-Key (or the answer the key already
-- holds), the donation with its history row, its event, its count in the project's progress, its
-- receipt, its money (`ledger_post_balances`: the accounts locked last, and the project checked
-- still live under them), and its answer, given the giver's balances and kept with the key.
-- A refusal of the money (SQLSTATE KL001, KL002) fails the call: nothing of it is written.
CREATE FUNCTION gift_write(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_at timestamptz := (p->>'at')::timestamptz;
  v_key bigint;
  v_kept record;
  v_donation donations;
  v_event jsonb := p->'event';
  v_count jsonb := p->'count';
  v_notice jsonb := p->'notice';
  v_money jsonb := p->'money';
  v_posted jsonb;
  v_balances jsonb;
  v_answer jsonb;
BEGIN
  IF jsonb_typeof(p->'key') = 'object' THEN
    INSERT INTO idempotency_keys (scope, key, request_hash, created_at)
    VALUES (p->'key'->>'scope', p->'key'->>'key', p->'key'->>'hash', v_at)
    ON CONFLICT DO NOTHING
    RETURNING id INTO v_key;
    IF v_key IS NULL THEN
      SELECT request_hash, status_code, response INTO v_kept
      FROM idempotency_keys WHERE scope = p->'key'->>'scope' AND key = p->'key'->>'key';
      RETURN jsonb_build_object('kept', jsonb_build_object('request_hash', v_kept.request_hash,
        'status_code', v_kept.status_code, 'response', v_kept.response));
    END IF;
  END IF;

  v_donation := jsonb_populate_record(NULL::donations, p->'donation');
  INSERT INTO donations SELECT v_donation.*;
  INSERT INTO donation_history (donation_id, status, "by", reason, at)
  VALUES (v_donation.id, v_donation.status, (p->>'by')::bigint, NULL, v_at);
  PERFORM event_record((v_event->>'id')::uuid, v_event->>'type', v_event->'data', v_at,
    ARRAY(SELECT jsonb_array_elements_text(v_event->'listeners')));
  IF jsonb_typeof(v_count) = 'object' THEN
    PERFORM project_count_donor((v_count->>'project')::bigint, (v_count->>'funds')::bigint, 0, 0, 0, 0,
      v_donation.donor_type, v_donation.donor_id, 1);
  END IF;
  IF jsonb_typeof(v_notice) = 'object' THEN
    PERFORM notice_queue(v_notice->>'to', v_notice->>'subject', v_notice->>'text',
      CASE WHEN jsonb_typeof(v_notice->'headers') = 'object' THEN v_notice->'headers' END, v_at,
      v_notice->>'deliver_task');
  END IF;
  v_posted := ledger_post_balances(v_money->>'currency', v_at, v_money->>'kind', v_money->>'description',
    (v_money->>'created_by')::bigint, v_money->'reference', v_donation.id,
    ARRAY(SELECT jsonb_array_elements_text(v_money->'owner_types')),
    ARRAY(SELECT jsonb_array_elements_text(v_money->'owner_ids')::bigint),
    ARRAY(SELECT jsonb_array_elements_text(v_money->'kinds')),
    ARRAY(SELECT jsonb_array_elements_text(v_money->'amounts')::bigint),
    (v_money->>'while_live')::bigint);
  v_balances := v_posted->'balances';
  v_answer := jsonb_set(p->'answer', '{wallet}', (p->'answer'->'wallet') || jsonb_build_object(
    'wallet_amount', coalesce(v_balances->'wallet', '0'::jsonb),
    'credits', coalesce(v_balances->'credits', '0'::jsonb),
    'held', coalesce(v_balances->'held', '0'::jsonb)));
  IF v_key IS NOT NULL THEN
    UPDATE idempotency_keys SET status_code = 201, response = v_answer WHERE id = v_key;
  END IF;
  RETURN jsonb_build_object('made', v_answer);
END;
$$;
