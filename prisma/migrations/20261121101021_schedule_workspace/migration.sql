-- CreateEnum
CREATE TYPE "EpsKind" AS ENUM ('facility', 'project', 'schedule');

-- CreateEnum
CREATE TYPE "WorkType" AS ENUM ('sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft');

-- CreateEnum
CREATE TYPE "WorkStatus" AS ENUM ('not_started', 'in_progress', 'completed');

-- CreateEnum
CREATE TYPE "LinkType" AS ENUM ('fs', 'ff', 'ss', 'sf');

-- CreateEnum
CREATE TYPE "LimitType" AS ENUM ('not_earlier', 'not_later', 'in_date');

-- CreateEnum
CREATE TYPE "AttributeType" AS ENUM ('date', 'number', 'string', 'money', 'boolean', 'percentage', 'indicator', 'through');

-- CreateEnum
CREATE TYPE "UndoKind" AS ENUM ('undo_wbs', 'undo_relation', 'undo_wdp');

-- CreateTable
CREATE TABLE "eps_nodes" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "parentId" UUID,
    "kind" "EpsKind" NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "code" VARCHAR(32),
    "groupId" UUID,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "eps_nodes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "schedule_groups" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "schedule_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "versions" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "scheduleId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "actual" BOOLEAN NOT NULL DEFAULT false,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "calcStatus" INTEGER NOT NULL DEFAULT 0,
    "calcError" TEXT,
    "calculatedAt" TIMESTAMP(3),
    "projectStart" TIMESTAMP(0),
    "dataDate" TIMESTAMP(0),
    "calendarId" UUID,
    "createdById" UUID,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "works" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "parentId" UUID,
    "originId" UUID NOT NULL,
    "sortKey" INTEGER NOT NULL,
    "code" VARCHAR(64),
    "name" VARCHAR(255) NOT NULL,
    "type" "WorkType" NOT NULL DEFAULT 'task',
    "durationMinutes" INTEGER NOT NULL DEFAULT 0,
    "calendarId" UUID,
    "planStart" TIMESTAMP(0),
    "planFinish" TIMESTAMP(0),
    "approvedStart" TIMESTAMP(0),
    "approvedFinish" TIMESTAMP(0),
    "factStart" TIMESTAMP(0),
    "factFinish" TIMESTAMP(0),
    "planVolume" DOUBLE PRECISION,
    "approvedVolume" DOUBLE PRECISION,
    "factVolume" DOUBLE PRECISION,
    "unit" VARCHAR(16),
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "status" "WorkStatus" NOT NULL DEFAULT 'not_started',
    "executorId" UUID,
    "curatorId" UUID,
    "startLimit" "LimitType",
    "startLimitDate" TIMESTAMP(0),
    "finishLimit" "LimitType",
    "finishLimitDate" TIMESTAMP(0),
    "earlyStart" TIMESTAMP(0),
    "earlyFinish" TIMESTAMP(0),
    "lateStart" TIMESTAMP(0),
    "lateFinish" TIMESTAMP(0),
    "totalFloat" INTEGER,
    "freeFloat" INTEGER,
    "critical" BOOLEAN NOT NULL DEFAULT false,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "works_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "relations" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "predecessorId" UUID NOT NULL,
    "successorId" UUID NOT NULL,
    "type" "LinkType" NOT NULL DEFAULT 'fs',
    "lagMinutes" INTEGER NOT NULL DEFAULT 0,
    "code" VARCHAR(64),
    "driving" BOOLEAN NOT NULL DEFAULT false,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "relations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendars" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "allDay" BOOLEAN NOT NULL DEFAULT false,
    "hoursPerDay" DOUBLE PRECISION,
    "week" JSONB NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "calendars_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendar_exceptions" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "calendarId" UUID NOT NULL,
    "name" VARCHAR(64),
    "date" DATE NOT NULL,
    "until" DATE,
    "intervals" JSONB NOT NULL,

    CONSTRAINT "calendar_exceptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attributes" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "valueType" "AttributeType" NOT NULL,
    "scheduleId" UUID,
    "directoryId" UUID,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "attributes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attribute_access" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "attributeId" UUID NOT NULL,
    "scheduleId" UUID NOT NULL,
    "roleId" UUID NOT NULL,
    "canView" BOOLEAN NOT NULL DEFAULT true,
    "canEdit" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "attribute_access_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attribute_values" (
    "spaceId" UUID NOT NULL,
    "workId" UUID NOT NULL,
    "attributeId" UUID NOT NULL,
    "value" JSONB NOT NULL,

    CONSTRAINT "attribute_values_pkey" PRIMARY KEY ("workId","attributeId")
);

-- CreateTable
CREATE TABLE "directories" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "directories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "directory_values" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "directoryId" UUID NOT NULL,
    "code" VARCHAR(32),
    "name" VARCHAR(255) NOT NULL,
    "sortKey" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "directory_values_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "version_directory_values" (
    "spaceId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "valueId" UUID NOT NULL,

    CONSTRAINT "version_directory_values_pkey" PRIMARY KEY ("versionId","valueId")
);

-- CreateTable
CREATE TABLE "undo_actions" (
    "id" BIGSERIAL NOT NULL,
    "spaceId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "userId" UUID,
    "kind" "UndoKind" NOT NULL,
    "action" VARCHAR(32) NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "appliedAt" TIMESTAMP(3),

    CONSTRAINT "undo_actions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "work_user_states" (
    "spaceId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "workId" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "checked" BOOLEAN NOT NULL DEFAULT false,
    "expanded" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "work_user_states_pkey" PRIMARY KEY ("userId","workId")
);

-- CreateIndex
CREATE INDEX "eps_nodes_spaceId_parentId_idx" ON "eps_nodes"("spaceId", "parentId");

-- CreateIndex
CREATE INDEX "eps_nodes_groupId_idx" ON "eps_nodes"("groupId");

-- CreateIndex
CREATE INDEX "schedule_groups_spaceId_projectId_idx" ON "schedule_groups"("spaceId", "projectId");

-- CreateIndex
CREATE INDEX "versions_spaceId_scheduleId_idx" ON "versions"("spaceId", "scheduleId");

-- CreateIndex
CREATE INDEX "works_versionId_parentId_sortKey_idx" ON "works"("versionId", "parentId", "sortKey");

-- CreateIndex
CREATE INDEX "works_spaceId_idx" ON "works"("spaceId");

-- CreateIndex
CREATE INDEX "relations_versionId_idx" ON "relations"("versionId");

-- CreateIndex
CREATE INDEX "relations_predecessorId_idx" ON "relations"("predecessorId");

-- CreateIndex
CREATE INDEX "relations_successorId_idx" ON "relations"("successorId");

-- CreateIndex
CREATE INDEX "calendars_spaceId_idx" ON "calendars"("spaceId");

-- CreateIndex
CREATE INDEX "calendar_exceptions_calendarId_date_idx" ON "calendar_exceptions"("calendarId", "date");

-- CreateIndex
CREATE INDEX "calendar_exceptions_spaceId_idx" ON "calendar_exceptions"("spaceId");

-- CreateIndex
CREATE INDEX "attributes_spaceId_idx" ON "attributes"("spaceId");

-- CreateIndex
CREATE INDEX "attribute_access_spaceId_idx" ON "attribute_access"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "attribute_access_attributeId_scheduleId_roleId_key" ON "attribute_access"("attributeId", "scheduleId", "roleId");

-- CreateIndex
CREATE INDEX "attribute_values_attributeId_idx" ON "attribute_values"("attributeId");

-- CreateIndex
CREATE INDEX "attribute_values_spaceId_idx" ON "attribute_values"("spaceId");

-- CreateIndex
CREATE INDEX "directories_spaceId_idx" ON "directories"("spaceId");

-- CreateIndex
CREATE INDEX "directory_values_directoryId_sortKey_idx" ON "directory_values"("directoryId", "sortKey");

-- CreateIndex
CREATE INDEX "directory_values_spaceId_idx" ON "directory_values"("spaceId");

-- CreateIndex
CREATE INDEX "version_directory_values_valueId_idx" ON "version_directory_values"("valueId");

-- CreateIndex
CREATE INDEX "version_directory_values_spaceId_idx" ON "version_directory_values"("spaceId");

-- CreateIndex
CREATE INDEX "undo_actions_versionId_id_idx" ON "undo_actions"("versionId", "id");

-- CreateIndex
CREATE INDEX "undo_actions_spaceId_idx" ON "undo_actions"("spaceId");

-- CreateIndex
CREATE INDEX "work_user_states_versionId_userId_idx" ON "work_user_states"("versionId", "userId");

-- CreateIndex
CREATE INDEX "work_user_states_spaceId_idx" ON "work_user_states"("spaceId");

-- AddForeignKey
ALTER TABLE "eps_nodes" ADD CONSTRAINT "eps_nodes_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eps_nodes" ADD CONSTRAINT "eps_nodes_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "schedule_groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_groups" ADD CONSTRAINT "schedule_groups_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "versions" ADD CONSTRAINT "versions_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "versions" ADD CONSTRAINT "versions_calendarId_fkey" FOREIGN KEY ("calendarId") REFERENCES "calendars"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "works" ADD CONSTRAINT "works_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "works" ADD CONSTRAINT "works_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "works" ADD CONSTRAINT "works_calendarId_fkey" FOREIGN KEY ("calendarId") REFERENCES "calendars"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "relations" ADD CONSTRAINT "relations_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "relations" ADD CONSTRAINT "relations_predecessorId_fkey" FOREIGN KEY ("predecessorId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "relations" ADD CONSTRAINT "relations_successorId_fkey" FOREIGN KEY ("successorId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_exceptions" ADD CONSTRAINT "calendar_exceptions_calendarId_fkey" FOREIGN KEY ("calendarId") REFERENCES "calendars"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_directoryId_fkey" FOREIGN KEY ("directoryId") REFERENCES "directories"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attribute_access" ADD CONSTRAINT "attribute_access_attributeId_fkey" FOREIGN KEY ("attributeId") REFERENCES "attributes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attribute_access" ADD CONSTRAINT "attribute_access_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_workId_fkey" FOREIGN KEY ("workId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_attributeId_fkey" FOREIGN KEY ("attributeId") REFERENCES "attributes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "directory_values" ADD CONSTRAINT "directory_values_directoryId_fkey" FOREIGN KEY ("directoryId") REFERENCES "directories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "version_directory_values" ADD CONSTRAINT "version_directory_values_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "version_directory_values" ADD CONSTRAINT "version_directory_values_valueId_fkey" FOREIGN KEY ("valueId") REFERENCES "directory_values"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "undo_actions" ADD CONSTRAINT "undo_actions_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "work_user_states" ADD CONSTRAINT "work_user_states_workId_fkey" FOREIGN KEY ("workId") REFERENCES "works"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The task_relations view (node info tab, entities "Relation between tasks"): every relation with its
-- free and total reserve and the on-critical-path flag. Reserves are calendar minutes between the
-- linked dates of the last calculation, less the lag; NULL until the version is calculated.
CREATE VIEW "task_relations" AS
SELECT
  r."id", r."spaceId", r."versionId", r."predecessorId", r."successorId", r."type", r."lagMinutes", r."code",
  p."versionId" AS "predecessorVersionId",
  p."versionId" <> r."versionId" AS "external",
  (EXTRACT(EPOCH FROM (
     CASE WHEN r."type" IN ('fs', 'ss') THEN s."earlyStart" ELSE s."earlyFinish" END
   - CASE WHEN r."type" IN ('fs', 'ff') THEN p."earlyFinish" ELSE p."earlyStart" END)) / 60)::int
   - r."lagMinutes" AS "freeReserve",
  (EXTRACT(EPOCH FROM (
     CASE WHEN r."type" IN ('fs', 'ss') THEN s."lateStart" ELSE s."lateFinish" END
   - CASE WHEN r."type" IN ('fs', 'ff') THEN p."earlyFinish" ELSE p."earlyStart" END)) / 60)::int
   - r."lagMinutes" AS "totalReserve",
  (r."driving" AND p."critical" AND s."critical") AS "onCriticalPath",
  s."progress" AS "successorProgress"
FROM "relations" r
JOIN "works" p ON p."id" = r."predecessorId"
JOIN "works" s ON s."id" = r."successorId";
