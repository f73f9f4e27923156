-- CreateTable
CREATE TABLE "schedule_layouts" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "scheduleId" UUID NOT NULL,
    "ownerId" UUID,
    "name" VARCHAR(64) NOT NULL,
    "nameKey" VARCHAR(64) NOT NULL,
    "shared" BOOLEAN NOT NULL DEFAULT false,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "state" JSONB NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "schedule_layouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wbs_group_settings" (
    "scheduleId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "settings" JSONB NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wbs_group_settings_pkey" PRIMARY KEY ("scheduleId")
);

-- CreateTable
CREATE TABLE "version_templates" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "nameKey" VARCHAR(64) NOT NULL,
    "description" VARCHAR(500),
    "body" JSONB NOT NULL,
    "workCount" INTEGER NOT NULL DEFAULT 0,
    "createdById" UUID,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "version_templates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "schedule_layouts_spaceId_idx" ON "schedule_layouts"("spaceId");

-- CreateIndex
CREATE INDEX "schedule_layouts_scheduleId_idx" ON "schedule_layouts"("scheduleId");

-- CreateIndex
CREATE INDEX "wbs_group_settings_spaceId_idx" ON "wbs_group_settings"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "version_templates_spaceId_nameKey_key" ON "version_templates"("spaceId", "nameKey");

-- AddForeignKey
ALTER TABLE "schedule_layouts" ADD CONSTRAINT "schedule_layouts_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_layouts" ADD CONSTRAINT "schedule_layouts_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wbs_group_settings" ADD CONSTRAINT "wbs_group_settings_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "version_templates" ADD CONSTRAINT "version_templates_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
