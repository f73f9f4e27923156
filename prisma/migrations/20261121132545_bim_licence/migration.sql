-- AlterTable
ALTER TABLE "licences" ADD COLUMN     "bimUserLimit" INTEGER;

-- CreateTable
CREATE TABLE "licence_module_users" (
    "spaceId" UUID NOT NULL,
    "module" VARCHAR(16) NOT NULL,
    "userId" UUID NOT NULL,
    "firstUsedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "licence_module_users_pkey" PRIMARY KEY ("spaceId","module","userId")
);
