-- An experiment of the donations benchmark (BENCH_LEAN=1, docs/performance.md "Where a gift's time
-- goes"): a wallet gift to a project written as one database function, one round trip, with the
-- project's rows written last. Made in the bench's throwaway database only; the API does not use
-- it. It writes what the API writes for such a gift (the key and its answer, the donation approved
-- and numbered, its history row, the ledger movement with its entries and balances, the project's
-- progress, the event with its four jobs, the queued receipt and its delivery job), so that the
-- bench's checks (checkLedger, every gift approved, numbered, with its history and its movement)
-- hold for its gifts too. Not the API's rules in full: a plain gift of funds from the wallet, with
-- or without Gift Aid, to a Live project, below the review threshold; no fundraising page.
--
-- Its order: the key; the project and its charity read without a lock and checked; the Gift Aid
-- declaration; the donation inserted approved, with its receipt number and its history row; the
-- ledger transaction and its entries; the event, its jobs and the receipt. Then, last, the rows
-- other gifts wait for: the project's row (`for no key update`: the donation's foreign key already
-- holds a key-share lock on it, which `for update` would wait for in every other gift: a
-- deadlock), the "counted before" check under it, both balances in one statement, the progress;
-- the key's answer. A refusal (SQLSTATE KR409 or KR404, or the accounts' check constraint for a
-- wallet without enough) rolls the work back to the block's start and is kept with the key, as
-- runIdempotent does with its savepoint.
create or replace function bench_lean_gift(
  p_scope text,
  p_key text,
  p_hash text,
  p_donor bigint,
  p_project bigint,
  p_amount bigint,
  p_gift_aid boolean,
  p_currency text,
  p_now timestamptz,
  p_name text,
  p_email text,
  p_link text
) returns jsonb
language plpgsql
as $$
declare
  v_key bigint;
  v_stored jsonb;
  v_project record;
  v_declaration bigint;
  v_donation donations;
  v_transaction bigint;
  v_wallet bigint;
  v_funds bigint;
  v_wallet_balance bigint;
  v_other boolean;
  v_event uuid := gen_random_uuid();
  v_payload json;
  v_receipt text;
  v_answer jsonb;
begin
  insert into idempotency_keys (scope, key, request_hash, created_at)
  values (p_scope, p_key, p_hash, p_now)
  on conflict do nothing
  returning id into v_key;
  if v_key is null then
    select response into v_stored from idempotency_keys
    where scope = p_scope and key = p_key and request_hash = p_hash;
    if v_stored is null then
      raise exception 'This Idempotency-Key was already used for another request.' using errcode = 'KR409';
    end if;
    return v_stored;
  end if;

  begin
    select p.id, p.status, p.giving_kinds, p.title, c.id as charity_id, c.name as charity_name,
        c.lock_status, c.approval_status
      into v_project
      from projects p join charities c on c.id = p.charity_id
      where p.id = p_project;
    if not found or v_project.status = 1 then
      raise exception 'The project was not found.' using errcode = 'KR404';
    end if;
    if v_project.lock_status then
      raise exception 'This charity is locked and cannot receive donations now.' using errcode = 'KR409';
    end if;
    if v_project.status <> 2 then
      raise exception 'This project is not taking donations: it is not live.' using errcode = 'KR409';
    end if;
    if not (2 = any(v_project.giving_kinds)) then
      raise exception 'This project does not ask for funds.' using errcode = 'KR409';
    end if;
    if p_gift_aid then
      select id into v_declaration from gift_aid_declarations
        where user_id = p_donor and charity_id = v_project.charity_id and cancelled_at is null;
      if v_declaration is null then
        raise exception 'Make a Gift Aid declaration for this charity first.' using errcode = 'KR409';
      end if;
    end if;

    insert into donations (method, type, status, donor_type, donor_id, created_by, project_id,
        charity_id, amount, source, gift_aid, gift_aid_amount, gift_aid_declaration_id, anonymous,
        receipt_number, created_at, updated_at)
      values (1, 2, 80, 'user', p_donor, p_donor, p_project, v_project.charity_id, p_amount,
        'wallet', p_gift_aid, case when p_gift_aid then p_amount / 4 else 0 end, v_declaration,
        false,
        (select 'KR-' || extract(year from p_now at time zone 'UTC')::int::text || '-'
            || lpad(n::text, greatest(7, length(n::text)), '0')
          from nextval('donation_receipt_seq') as n),
        p_now, p_now)
      returning * into v_donation;
    insert into donation_history (donation_id, status, by, reason, at)
      values (v_donation.id, 80, p_donor, null, p_now);

    select id into v_wallet from ledger_accounts
      where owner_type = 'user' and owner_id = p_donor and kind = 'wallet' and currency = p_currency;
    if v_wallet is null then
      raise exception 'There are not enough funds in the wallet for this.' using errcode = 'KR409';
    end if;
    select id into v_funds from ledger_accounts
      where owner_type = 'project' and owner_id = p_project and kind = 'project_funds' and currency = p_currency;
    if v_funds is null then
      insert into ledger_accounts (owner_type, owner_id, kind, currency, allow_negative, created_at)
        values ('project', p_project, 'project_funds', p_currency, false, p_now)
        on conflict do nothing;
      select id into v_funds from ledger_accounts
        where owner_type = 'project' and owner_id = p_project and kind = 'project_funds' and currency = p_currency;
    end if;
    insert into ledger_transactions (kind, description, currency, created_by, reference, donation_id, created_at)
      values ('donation', 'Donation ' || v_donation.id, p_currency, p_donor,
        jsonb_build_object('donation_id', v_donation.id), v_donation.id, p_now)
      returning id into v_transaction;
    insert into ledger_entries (transaction_id, account_id, amount, created_at)
      values (v_transaction, v_wallet, -p_amount, p_now), (v_transaction, v_funds, p_amount, p_now);

    insert into events (id, type, data, created_at)
      values (v_event, 'donation.made', jsonb_build_object('donation_id', v_donation.id,
        'project_id', p_project, 'charity_id', v_project.charity_id), p_now);
    v_payload := json_build_object('id', v_event, 'type', 'donation.made', 'data',
      json_build_object('donation_id', v_donation.id, 'project_id', p_project, 'charity_id', v_project.charity_id),
      'created_at', p_now);
    v_receipt := v_donation.receipt_number;
    insert into queued_notices (to_address, subject, text, headers, created_at, next_attempt_at)
      values (p_email, 'Your donation receipt ' || v_receipt,
        'Thank you for giving ' || to_char(p_amount / 100.0, 'FM999999999990.00') || ' to '
          || v_project.title || ' (' || v_project.charity_name || ').' || E'\n\nCharity: '
          || v_project.charity_name || E'.\n\nReceipt number: ' || v_receipt
          || '. Download the receipt (PDF) from your donations: ' || p_link || '/donations'
          || E'\n\nSee this gift and download its receipt without signing in: ' || p_link
          || '/manage/d' || v_donation.id,
        null, p_now, p_now);
    -- the event's four jobs and the receipt's delivery in one call, none under a shared job_key
    perform graphile_worker.add_jobs(array[
      ('notifications.donation.made', v_payload, null, null, 20, null, null, null)::graphile_worker.job_spec,
      ('webhooks.donation.made', v_payload, 'webhooks.fan-out', null, 20, null, null, null)::graphile_worker.job_spec,
      ('matching.match-own-gift', v_payload, null, null, 20, null, null, null)::graphile_worker.job_spec,
      ('public-cache.donation', v_payload, null, null, 20, null, null, null)::graphile_worker.job_spec,
      ('notices.deliver', '{}'::json, null, null, 20, null, null, null)::graphile_worker.job_spec
    ]);

    -- Last, the rows other gifts to the project wait for, held to the commit.
    perform 1 from projects where id = p_project and status = 2 for no key update;
    if not found then
      raise exception 'This project is not taking donations: it is not live.' using errcode = 'KR409';
    end if;
    select exists (select 1 from donations where project_id = p_project and donor_type = 'user'
        and donor_id = p_donor and status in (30, 80, 85) and id <> v_donation.id)
      into v_other;
    -- not enough in the wallet: the accounts' check constraint refuses (check_violation)
    with moved as (
      update ledger_accounts a set balance = a.balance + d.delta
        from (values (v_wallet, -p_amount), (v_funds, p_amount)) as d(id, delta)
        where a.id = d.id
        returning a.id, a.balance
    )
    select balance into v_wallet_balance from moved where id = v_wallet;
    update projects set funds_raised = funds_raised + p_amount,
        donors_count = donors_count + case when v_other then 0 else 1 end
      where id = p_project;

    v_answer := jsonb_build_object(
      'donation', jsonb_build_object('id', v_donation.id, 'method', 1, 'type', 2, 'status', 80,
        'status_label', 'Approved', 'amount', p_amount, 'source', 'wallet', 'gift_aid', p_gift_aid,
        'gift_aid_amount', v_donation.gift_aid_amount, 'anonymous', false, 'message', null,
        'receipt_number', v_receipt, 'created_at', p_now, 'refunded_amount', 0,
        'project', jsonb_build_object('id', p_project, 'title', v_project.title),
        'charity', jsonb_build_object('id', v_project.charity_id, 'name', v_project.charity_name),
        'donor', jsonb_build_object('kind', 'user', 'id', p_donor, 'name', p_name),
        'history', jsonb_build_array(jsonb_build_object('status', 80, 'status_label', 'Approved',
          'at', p_now, 'by', jsonb_build_object('id', p_donor, 'name', p_name), 'reason', null))),
      'wallet', jsonb_build_object('wallet_amount', v_wallet_balance, 'credits', 0, 'held', 0,
        'currency', p_currency),
      'subscription', null);
    update idempotency_keys set status_code = 201, response = v_answer where id = v_key;
    return v_answer;
  exception when sqlstate 'KR409' or sqlstate 'KR404' or check_violation then
    v_answer := jsonb_build_object('error', jsonb_build_object('code', sqlstate,
      'message', case when sqlstate = '23514' then 'There are not enough funds in the wallet for this.' else sqlerrm end));
    update idempotency_keys set status_code = case when sqlstate = 'KR404' then 404 else 409 end,
        response = v_answer
      where id = v_key;
    return v_answer;
  end;
end;
$$;
