-- CreateTable
CREATE TABLE "analytic_answers" (
    "key" TEXT NOT NULL,
    "spaceId" UUID NOT NULL,
    "stamp" TEXT NOT NULL,
    "answer" JSONB NOT NULL,
    "figuredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "analytic_answers_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "analytic_answers_spaceId_idx" ON "analytic_answers"("spaceId");

-- CreateIndex
CREATE INDEX "analytic_answers_figuredAt_idx" ON "analytic_answers"("figuredAt");

-- AddForeignKey
ALTER TABLE "analytic_answers" ADD CONSTRAINT "analytic_answers_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
