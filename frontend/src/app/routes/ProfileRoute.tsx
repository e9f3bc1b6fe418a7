import Stack from "@mui/material/Stack";
import { LogoutButton } from "../../features/auth/components/LogoutButton.tsx";
import { CartItemsPreview } from "../../features/cart/components/CartItemsPreview.tsx";
import { ProfileCard } from "../../features/profile/components/ProfileCard.tsx";

export default function ProfileRoute() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: "auto" }}>
      <ProfileCard logout={<LogoutButton />} />
      <CartItemsPreview />
    </Stack>
  );
}
