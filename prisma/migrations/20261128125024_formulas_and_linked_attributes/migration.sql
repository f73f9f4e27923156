-- AlterTable
ALTER TABLE "attributes" ADD COLUMN     "formula" TEXT;

-- CreateTable
CREATE TABLE "attribute_links" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "scheduleId" UUID NOT NULL,
    "attributeId" UUID NOT NULL,
    "donorScheduleId" UUID NOT NULL,
    "donorAttributeId" UUID NOT NULL,
    "matchAttributeId" UUID,
    "refreshedAt" TIMESTAMP(3),
    "lastCopied" INTEGER NOT NULL DEFAULT 0,
    "lastUnmatched" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attribute_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "attribute_links_spaceId_idx" ON "attribute_links"("spaceId");

-- CreateIndex
CREATE INDEX "attribute_links_donorScheduleId_idx" ON "attribute_links"("donorScheduleId");

-- CreateIndex
CREATE UNIQUE INDEX "attribute_links_scheduleId_attributeId_key" ON "attribute_links"("scheduleId", "attributeId");

-- AddForeignKey
ALTER TABLE "attribute_links" ADD CONSTRAINT "attribute_links_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attribute_links" ADD CONSTRAINT "attribute_links_donorScheduleId_fkey" FOREIGN KEY ("donorScheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attribute_links" ADD CONSTRAINT "attribute_links_attributeId_fkey" FOREIGN KEY ("attributeId") REFERENCES "attributes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attribute_links" ADD CONSTRAINT "attribute_links_donorAttributeId_fkey" FOREIGN KEY ("donorAttributeId") REFERENCES "attributes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attribute_links" ADD CONSTRAINT "attribute_links_matchAttributeId_fkey" FOREIGN KEY ("matchAttributeId") REFERENCES "attributes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
