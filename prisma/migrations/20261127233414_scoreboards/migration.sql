-- CreateTable
CREATE TABLE "scoreboards" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "indicators" TEXT[],
    "projectIds" UUID[],
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scoreboards_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "scoreboards_spaceId_idx" ON "scoreboards"("spaceId");

-- AddForeignKey
ALTER TABLE "scoreboards" ADD CONSTRAINT "scoreboards_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
