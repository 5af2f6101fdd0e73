-- Consultation types as administrators manage them on /services/consultation-services: bounded names and
-- descriptions, a duration that fits the 09:00–17:00 day on the 15-minute grid, a price in GBP up to £100,000.
alter table public.consultation_services
  add constraint consultation_services_name_length check (char_length(btrim(name)) between 1 and 100),
  add constraint consultation_services_description_length check (char_length(description) <= 500),
  add constraint consultation_services_duration_range check (duration_minutes between 15 and 480 and duration_minutes % 15 = 0),
  add constraint consultation_services_price_range check (price_gbp is null or price_gbp <= 100000),
  add constraint consultation_services_sort_range check (sort_order between 0 and 10000);

create index consultation_services_order_idx on public.consultation_services (sort_order, name);
