-- CreateTable
CREATE TABLE "analytic_presets" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "userId" UUID,
    "name" VARCHAR(32) NOT NULL,
    "layout" JSONB NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "analytic_presets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "analytic_presets_spaceId_userId_idx" ON "analytic_presets"("spaceId", "userId");

-- AddForeignKey
ALTER TABLE "analytic_presets" ADD CONSTRAINT "analytic_presets_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "analytic_presets" ADD CONSTRAINT "analytic_presets_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One active shared preset per space, one active own preset per member of a space.
CREATE UNIQUE INDEX "analytic_presets_active_shared_key" ON "analytic_presets"("spaceId") WHERE "active" AND "userId" IS NULL;
CREATE UNIQUE INDEX "analytic_presets_active_own_key" ON "analytic_presets"("spaceId", "userId") WHERE "active" AND "userId" IS NOT NULL;

-- The built-in roles of spaces made before analytics presets get the ability new spaces' administrators
-- and planners are made with (BUILT_IN_ROLES of @takt/contracts).
UPDATE "roles" SET "abilities" = "abilities" || ARRAY['analytics.manage']
WHERE "key" IN ('administrator', 'planner') AND NOT ('analytics.manage' = ANY("abilities"));
