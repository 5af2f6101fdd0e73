-- Whether the caller's session is as strong as their account asks: a user who has turned on two-factor
-- authentication (a verified factor) must have passed it in this session (the token's aal is aal2); anyone else is
-- satisfied by a password or social sign-in. Security definer: callers cannot read auth.mfa_factors. Wrap it in a
-- sub-select (`(select public.mfa_satisfied())`) in a policy so it runs once per query.
create or replace function public.mfa_satisfied() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      or not exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified');
$$;

revoke execute on function public.mfa_satisfied() from public;
grant execute on function public.mfa_satisfied() to anon, authenticated, service_role;
