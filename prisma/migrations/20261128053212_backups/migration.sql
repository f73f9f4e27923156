-- CreateTable
CREATE TABLE "backups" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "scope" VARCHAR(16) NOT NULL,
    "projectId" UUID,
    "name" VARCHAR(255) NOT NULL,
    "scheduleId" UUID,
    "jobId" UUID,
    "state" VARCHAR(16) NOT NULL DEFAULT 'queued',
    "fileKey" TEXT,
    "size" BIGINT NOT NULL DEFAULT 0,
    "rowCount" INTEGER NOT NULL DEFAULT 0,
    "fileCount" INTEGER NOT NULL DEFAULT 0,
    "schemaVersion" VARCHAR(255),
    "takenAt" TIMESTAMP(3),
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "backups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "backup_schedules" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "scope" VARCHAR(16) NOT NULL,
    "projectId" UUID,
    "periodicity" VARCHAR(16) NOT NULL,
    "minuteOfDay" INTEGER NOT NULL DEFAULT 120,
    "weekday" INTEGER NOT NULL DEFAULT 1,
    "dayOfMonth" INTEGER NOT NULL DEFAULT 1,
    "cron" VARCHAR(100),
    "keep" INTEGER NOT NULL DEFAULT 7,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "nextRunAt" TIMESTAMP(3) NOT NULL,
    "lastRunAt" TIMESTAMP(3),
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "backup_schedules_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "backups_spaceId_createdAt_idx" ON "backups"("spaceId", "createdAt");

-- CreateIndex
CREATE INDEX "backups_scheduleId_idx" ON "backups"("scheduleId");

-- CreateIndex
CREATE INDEX "backup_schedules_spaceId_idx" ON "backup_schedules"("spaceId");

-- CreateIndex
CREATE INDEX "backup_schedules_nextRunAt_idx" ON "backup_schedules"("nextRunAt");

-- AddForeignKey
ALTER TABLE "backups" ADD CONSTRAINT "backups_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "backup_schedules"("id") ON DELETE SET NULL ON UPDATE CASCADE;
