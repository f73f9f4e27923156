-- CreateTable
CREATE TABLE "ui_states" (
    "spaceId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "scope" VARCHAR(36) NOT NULL,
    "scheduleId" UUID,
    "state" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ui_states_pkey" PRIMARY KEY ("userId","spaceId","scope")
);

-- CreateTable
CREATE TABLE "saved_filters" (
    "id" UUID NOT NULL,
    "spaceId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "nameKey" VARCHAR(32) NOT NULL,
    "filter" JSONB NOT NULL,
    "shared" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "saved_filters_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ui_states_spaceId_idx" ON "ui_states"("spaceId");

-- CreateIndex
CREATE INDEX "ui_states_scheduleId_idx" ON "ui_states"("scheduleId");

-- CreateIndex
CREATE INDEX "saved_filters_spaceId_idx" ON "saved_filters"("spaceId");

-- CreateIndex
CREATE UNIQUE INDEX "saved_filters_spaceId_userId_nameKey_key" ON "saved_filters"("spaceId", "userId", "nameKey");

-- AddForeignKey
ALTER TABLE "ui_states" ADD CONSTRAINT "ui_states_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ui_states" ADD CONSTRAINT "ui_states_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "eps_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
