-- CreateTable
CREATE TABLE "decomposition_templates" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(120) NOT NULL,
    "body" JSONB NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "decomposition_templates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "decomposition_templates_spaceId_idx" ON "decomposition_templates"("spaceId");

-- AddForeignKey
ALTER TABLE "decomposition_templates" ADD CONSTRAINT "decomposition_templates_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
