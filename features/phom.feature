Feature: phom
