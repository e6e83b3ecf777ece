"""What several games share: trick ranks, suited packs, the ombre family of L'Ombre and Tresillo."""
