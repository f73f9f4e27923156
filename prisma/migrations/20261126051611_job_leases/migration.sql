-- CreateTable
CREATE TABLE "job_leases" (
    "key" VARCHAR(80) NOT NULL,
    "owner" UUID NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_leases_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "job_leases_owner_idx" ON "job_leases"("owner");
