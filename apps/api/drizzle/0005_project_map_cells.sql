-- Map clusters without reading every project: live projects counted per grid cell for zoom 0 to
-- 14 (cell = 90 / 2^zoom degrees, as explore.service.ts clusters). Refreshed by the scheduler.
CREATE MATERIALIZED VIEW "project_map_cells" AS
SELECT z.zoom::smallint AS zoom,
       floor(p.latitude / (90::float8 / 2::float8 ^ z.zoom))::int AS cy,
       floor(p.longitude / (90::float8 / 2::float8 ^ z.zoom))::int AS cx,
       count(*)::int AS n,
       sum(p.latitude) AS lat_sum,
       sum(p.longitude) AS lng_sum
FROM projects p CROSS JOIN generate_series(0, 14) AS z(zoom)
WHERE p.status = 2
  AND p.association_status IN (4, 5)
  AND p.latitude IS NOT NULL
  AND p.longitude IS NOT NULL
  AND p.charity_id IN (
    SELECT c.id FROM charities c
    WHERE c.approval_status = 'approved' AND NOT c.lock_status AND c.deleted_at IS NULL
  )
GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE UNIQUE INDEX "project_map_cells_key" ON "project_map_cells" ("zoom", "cy", "cx");
