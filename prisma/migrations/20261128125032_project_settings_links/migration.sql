-- AlterTable
ALTER TABLE "eps_nodes" ADD COLUMN     "settings" JSONB;

-- CreateTable
CREATE TABLE "project_links" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "fromId" UUID NOT NULL,
    "toId" UUID NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "comment" VARCHAR(500),
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "project_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "project_links_spaceId_idx" ON "project_links"("spaceId");

-- CreateIndex
CREATE INDEX "project_links_toId_idx" ON "project_links"("toId");

-- CreateIndex
CREATE UNIQUE INDEX "project_links_fromId_toId_key" ON "project_links"("fromId", "toId");
