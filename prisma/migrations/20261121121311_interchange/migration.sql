-- AlterTable
ALTER TABLE "versions" ADD COLUMN     "scheduleOptions" JSONB;

-- CreateTable
CREATE TABLE "interchange_jobs" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "userId" UUID,
    "kind" VARCHAR(16) NOT NULL,
    "state" VARCHAR(16) NOT NULL DEFAULT 'queued',
    "phase" VARCHAR(16),
    "format" VARCHAR(16) NOT NULL,
    "scheduleId" UUID,
    "versionId" UUID,
    "otherVersionId" UUID,
    "fileId" UUID,
    "bytesTotal" BIGINT NOT NULL DEFAULT 0,
    "bytesDone" BIGINT NOT NULL DEFAULT 0,
    "progress" INTEGER NOT NULL DEFAULT 0,
    "options" JSONB NOT NULL,
    "report" JSONB,
    "error" JSONB,
    "stopRequested" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "interchange_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stored_files" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "scheduleId" UUID,
    "kind" VARCHAR(16) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "contentType" VARCHAR(128) NOT NULL,
    "size" BIGINT NOT NULL,
    "key" TEXT NOT NULL,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3),

    CONSTRAINT "stored_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_settings" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "nameKey" VARCHAR(32) NOT NULL,
    "rowsToSkip" INTEGER NOT NULL DEFAULT 0,
    "columns" JSONB NOT NULL,
    "dateFormat" VARCHAR(32) NOT NULL DEFAULT 'DD.MM.YYYY',
    "options" JSONB,
    "createdById" UUID,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "import_settings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "interchange_jobs_spaceId_createdAt_idx" ON "interchange_jobs"("spaceId", "createdAt");

-- CreateIndex
CREATE INDEX "stored_files_spaceId_scheduleId_idx" ON "stored_files"("spaceId", "scheduleId");

-- CreateIndex
CREATE INDEX "import_settings_spaceId_idx" ON "import_settings"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "import_settings_spaceId_nameKey_key" ON "import_settings"("spaceId", "nameKey");

-- AddForeignKey
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
