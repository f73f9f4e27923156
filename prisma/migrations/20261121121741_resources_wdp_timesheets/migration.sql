-- CreateEnum
CREATE TYPE "ResourceKind" AS ENUM ('volume', 'labour', 'cost', 'distributed_price');

-- CreateEnum
CREATE TYPE "DistributionMode" AS ENUM ('start', 'end', 'evenly');

-- CreateEnum
CREATE TYPE "ReservedAllocationMode" AS ENUM ('by_date', 'by_fact', 'by_lag', 'by_period', 'by_volume');

-- CreateEnum
CREATE TYPE "ResourcePeriod" AS ENUM ('day', 'week', 'month', 'quarter', 'year');

-- CreateEnum
CREATE TYPE "TimesheetStatus" AS ENUM ('draft', 'submitted', 'approved', 'declined');

-- CreateTable
CREATE TABLE "specialties" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "nameKey" VARCHAR(32) NOT NULL,
    "code" VARCHAR(32),
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "specialties_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_specialties" (
    "spaceId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "specialtyId" UUID NOT NULL,

    CONSTRAINT "user_specialties_pkey" PRIMARY KEY ("userId","specialtyId")
);

-- CreateTable
CREATE TABLE "resources" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "code" VARCHAR(64),
    "kind" "ResourceKind" NOT NULL,
    "unit" VARCHAR(16),
    "price" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "unitsPerDay" DOUBLE PRECISION,
    "calendarId" UUID,
    "periods" JSONB NOT NULL DEFAULT '[]',
    "specialtyId" UUID,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "resources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "assignments" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "workId" UUID NOT NULL,
    "resourceId" UUID NOT NULL,
    "planQuantity" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "approvedQuantity" DOUBLE PRECISION,
    "factQuantity" DOUBLE PRECISION,
    "price" DOUBLE PRECISION,
    "distribution" "DistributionMode" NOT NULL DEFAULT 'evenly',
    "reserved" "ReservedAllocationMode",
    "lagMinutes" INTEGER,
    "windowMinutes" INTEGER,
    "period" "ResourcePeriod",
    "entries" JSONB,
    "followsId" UUID,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assignments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wdp_values" (
    "spaceId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "workId" UUID NOT NULL,
    "date" DATE NOT NULL,
    "planVolume" DOUBLE PRECISION,
    "factVolume" DOUBLE PRECISION,
    "updatedById" UUID,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wdp_values_pkey" PRIMARY KEY ("workId","date")
);

-- CreateTable
CREATE TABLE "wdp_rows" (
    "workId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "planning" BOOLEAN NOT NULL DEFAULT false,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wdp_rows_pkey" PRIMARY KEY ("workId")
);

-- CreateTable
CREATE TABLE "timesheet_entries" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "workId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "date" DATE NOT NULL,
    "hours" DOUBLE PRECISION NOT NULL,
    "comment" VARCHAR(255),
    "status" "TimesheetStatus" NOT NULL DEFAULT 'draft',
    "submittedAt" TIMESTAMP(3),
    "decidedAt" TIMESTAMP(3),
    "decidedById" UUID,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "timesheet_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notices" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "kind" VARCHAR(32) NOT NULL,
    "params" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "checkedAt" TIMESTAMP(3),

    CONSTRAINT "notices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "resource_settings" (
    "versionId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "scenario" INTEGER NOT NULL DEFAULT 1,
    "variant" VARCHAR(32),
    "autoStartFromWdp" BOOLEAN NOT NULL DEFAULT false,
    "autoFinishFromWdp" BOOLEAN NOT NULL DEFAULT false,
    "planCostAttributeId" UUID,
    "factCostAttributeId" UUID,
    "leveling" JSONB,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "resource_settings_pkey" PRIMARY KEY ("versionId")
);

-- CreateIndex
CREATE UNIQUE INDEX "specialties_spaceId_nameKey_key" ON "specialties"("spaceId", "nameKey");

-- CreateIndex
CREATE INDEX "user_specialties_specialtyId_idx" ON "user_specialties"("specialtyId");

-- CreateIndex
CREATE INDEX "user_specialties_spaceId_idx" ON "user_specialties"("spaceId");

-- CreateIndex
CREATE INDEX "resources_spaceId_sortKey_idx" ON "resources"("spaceId", "sortKey");

-- CreateIndex
CREATE INDEX "resources_calendarId_idx" ON "resources"("calendarId");

-- CreateIndex
CREATE INDEX "resources_specialtyId_idx" ON "resources"("specialtyId");

-- CreateIndex
CREATE UNIQUE INDEX "resources_spaceId_code_key" ON "resources"("spaceId", "code");

-- CreateIndex
CREATE INDEX "assignments_versionId_idx" ON "assignments"("versionId");

-- CreateIndex
CREATE INDEX "assignments_resourceId_idx" ON "assignments"("resourceId");

-- CreateIndex
CREATE INDEX "assignments_spaceId_idx" ON "assignments"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "assignments_workId_resourceId_key" ON "assignments"("workId", "resourceId");

-- CreateIndex
CREATE INDEX "wdp_values_versionId_date_idx" ON "wdp_values"("versionId", "date");

-- CreateIndex
CREATE INDEX "wdp_values_spaceId_idx" ON "wdp_values"("spaceId");

-- CreateIndex
CREATE INDEX "wdp_rows_versionId_idx" ON "wdp_rows"("versionId");

-- CreateIndex
CREATE INDEX "wdp_rows_spaceId_idx" ON "wdp_rows"("spaceId");

-- CreateIndex
CREATE INDEX "timesheet_entries_versionId_date_idx" ON "timesheet_entries"("versionId", "date");

-- CreateIndex
CREATE INDEX "timesheet_entries_workId_idx" ON "timesheet_entries"("workId");

-- CreateIndex
CREATE INDEX "timesheet_entries_spaceId_idx" ON "timesheet_entries"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "timesheet_entries_userId_workId_date_key" ON "timesheet_entries"("userId", "workId", "date");

-- CreateIndex
CREATE INDEX "notices_userId_spaceId_createdAt_idx" ON "notices"("userId", "spaceId", "createdAt");

-- CreateIndex
CREATE INDEX "notices_spaceId_idx" ON "notices"("spaceId");

-- CreateIndex
CREATE INDEX "resource_settings_spaceId_idx" ON "resource_settings"("spaceId");

-- AddForeignKey
ALTER TABLE "user_specialties" ADD CONSTRAINT "user_specialties_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_specialties" ADD CONSTRAINT "user_specialties_specialtyId_fkey" FOREIGN KEY ("specialtyId") REFERENCES "specialties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resources" ADD CONSTRAINT "resources_calendarId_fkey" FOREIGN KEY ("calendarId") REFERENCES "calendars"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resources" ADD CONSTRAINT "resources_specialtyId_fkey" FOREIGN KEY ("specialtyId") REFERENCES "specialties"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_workId_fkey" FOREIGN KEY ("workId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_resourceId_fkey" FOREIGN KEY ("resourceId") REFERENCES "resources"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wdp_values" ADD CONSTRAINT "wdp_values_workId_fkey" FOREIGN KEY ("workId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wdp_rows" ADD CONSTRAINT "wdp_rows_workId_fkey" FOREIGN KEY ("workId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_workId_fkey" FOREIGN KEY ("workId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notices" ADD CONSTRAINT "notices_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resource_settings" ADD CONSTRAINT "resource_settings_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
