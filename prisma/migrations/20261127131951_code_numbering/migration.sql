-- The numbering of new works per schedule (docs/product-rules.md, "Codes of new works"), with a counter so
-- that an insert does not read every code of the version (about 0.1 s at 100,000 works), and an index by
-- version and code that tells in one probe whether a code is taken.
-- CreateTable
CREATE TABLE "code_numberings" (
    "scheduleId" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "prefix" VARCHAR(32) NOT NULL,
    "start" INTEGER NOT NULL,
    "increment" INTEGER NOT NULL,
    "width" INTEGER NOT NULL DEFAULT 0,
    "next" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "code_numberings_pkey" PRIMARY KEY ("scheduleId")
);

-- CreateIndex
CREATE INDEX "code_numberings_spaceId_idx" ON "code_numberings"("spaceId");

-- CreateIndex
CREATE INDEX "works_versionId_code_idx" ON "works"("versionId", "code");

-- AddForeignKey
ALTER TABLE "code_numberings" ADD CONSTRAINT "code_numberings_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
