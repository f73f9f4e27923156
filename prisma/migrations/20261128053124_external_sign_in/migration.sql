-- CreateTable
CREATE TABLE "sign_in_providers" (
    "slot" VARCHAR(16) NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "label" VARCHAR(64) NOT NULL,
    "accountPolicy" VARCHAR(8) NOT NULL DEFAULT 'link',
    "settings" JSONB NOT NULL DEFAULT '{}',
    "clientSecret" TEXT,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sign_in_providers_pkey" PRIMARY KEY ("slot")
);

-- CreateTable
CREATE TABLE "external_identities" (
    "id" UUID NOT NULL,
    "slot" VARCHAR(16) NOT NULL,
    "issuer" VARCHAR(500) NOT NULL,
    "subject" VARCHAR(500) NOT NULL,
    "userId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSignInAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "external_identities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "external_sign_ins" (
    "id" UUID NOT NULL,
    "slot" VARCHAR(16) NOT NULL,
    "stateHash" TEXT NOT NULL,
    "bindingHash" TEXT NOT NULL,
    "codeVerifier" TEXT,
    "nonce" TEXT,
    "handoffHash" TEXT,
    "userId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "external_sign_ins_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "external_identities_userId_idx" ON "external_identities"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "external_identities_slot_issuer_subject_key" ON "external_identities"("slot", "issuer", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "external_sign_ins_stateHash_key" ON "external_sign_ins"("stateHash");

-- CreateIndex
CREATE UNIQUE INDEX "external_sign_ins_handoffHash_key" ON "external_sign_ins"("handoffHash");

-- CreateIndex
CREATE INDEX "external_sign_ins_createdAt_idx" ON "external_sign_ins"("createdAt");

-- AddForeignKey
ALTER TABLE "external_identities" ADD CONSTRAINT "external_identities_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
