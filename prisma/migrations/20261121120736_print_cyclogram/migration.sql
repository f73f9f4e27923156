-- CreateTable
CREATE TABLE "print_presets" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "nameKey" VARCHAR(32) NOT NULL,
    "sheetHeightMm" DOUBLE PRECISION NOT NULL,
    "sheetWidthMm" DOUBLE PRECISION NOT NULL,
    "marginMm" DOUBLE PRECISION NOT NULL,
    "titles" JSONB NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "print_presets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "print_settings" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "scheduleId" UUID NOT NULL,
    "presetId" UUID,
    "fitToSheet" BOOLEAN NOT NULL DEFAULT true,
    "rangeStart" TIMESTAMP(0),
    "rangeFinish" TIMESTAMP(0),
    "columns" JSONB NOT NULL,
    "kinds" JSONB NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "print_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cyclogram_colors" (
    "spaceId" UUID NOT NULL,
    "scheduleId" UUID NOT NULL,
    "trade" VARCHAR(255) NOT NULL,
    "color" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cyclogram_colors_pkey" PRIMARY KEY ("scheduleId","trade")
);

-- CreateTable
CREATE TABLE "cyclogram_settings" (
    "spaceId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "scheduleId" UUID NOT NULL,
    "locations" JSONB NOT NULL,
    "trades" JSONB NOT NULL,
    "bufferDays" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cyclogram_settings_pkey" PRIMARY KEY ("userId","scheduleId")
);

-- CreateIndex
CREATE INDEX "print_presets_spaceId_idx" ON "print_presets"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "print_presets_spaceId_userId_nameKey_key" ON "print_presets"("spaceId", "userId", "nameKey");

-- CreateIndex
CREATE INDEX "print_settings_spaceId_idx" ON "print_settings"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "print_settings_userId_scheduleId_key" ON "print_settings"("userId", "scheduleId");

-- CreateIndex
CREATE INDEX "cyclogram_colors_spaceId_idx" ON "cyclogram_colors"("spaceId");

-- CreateIndex
CREATE INDEX "cyclogram_settings_spaceId_idx" ON "cyclogram_settings"("spaceId");

-- AddForeignKey
ALTER TABLE "print_presets" ADD CONSTRAINT "print_presets_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "print_settings" ADD CONSTRAINT "print_settings_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "print_settings" ADD CONSTRAINT "print_settings_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "print_settings" ADD CONSTRAINT "print_settings_presetId_fkey" FOREIGN KEY ("presetId") REFERENCES "print_presets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cyclogram_colors" ADD CONSTRAINT "cyclogram_colors_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cyclogram_settings" ADD CONSTRAINT "cyclogram_settings_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cyclogram_settings" ADD CONSTRAINT "cyclogram_settings_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
