-- DropIndex
DROP INDEX "import_settings_spaceId_nameKey_key";

-- AlterTable
ALTER TABLE "import_settings" ADD COLUMN     "target" VARCHAR(16) NOT NULL DEFAULT 'works';

-- CreateIndex
CREATE UNIQUE INDEX "import_settings_spaceId_target_nameKey_key" ON "import_settings"("spaceId", "target", "nameKey");
